// A constant trip count of 5: groups of 8 lanes, not 32.
void rgb(float *px, const float *gain, int m) {
#pragma omp target teams distribute parallel for map(tofrom : px[0 : m * 5]) map(to : gain[0 : 5])
  for (int i = 0; i < m; ++i) {
#pragma omp simd
    for (int c = 0; c < 5; ++c)
      px[i * 5 + c] *= gain[c];
  }
}
