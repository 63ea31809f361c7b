/* An _Atomic float's ++ and op= are atomic read-modify-writes; a runtime call through its
 * address would be a plain load and store. */
_Atomic float counter;
void bump(_Atomic float *af, float x) {
  counter++;
  --*af;
  *af += x;
}
