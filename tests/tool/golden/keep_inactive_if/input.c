/* Code in inactive #if regions is not seen; an operation with a directive inside is refused. */
float regions(float x, float y) {
#if 0
  x = x * y;
#endif
#ifdef NOT_DEFINED
  y = y + x;
#endif
  return (float)(x
#ifdef FAST
                 * y
#else
                 > y
#endif
  );
}
float straddle(float x, float y) {
  return x *
#ifdef SCALED
         2.0f *
#endif
         y;
}
