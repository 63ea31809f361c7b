/* Overrides pick operations by function, variable and op; the first match wins. */
float model(float w, float x, float b) {
  float hidden = w * x + b;
  float grad_w = x * b;
  return hidden - grad_w;
}

float loss(float y, float t) {
  return (y - t) * (y - t);
}
