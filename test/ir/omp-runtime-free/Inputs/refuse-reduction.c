// A reduction needs the runtime's team-wide combination.
void sum(const double *x, int n, double *out) {
  double s = 0;
#pragma omp target teams distribute parallel for reduction(+ : s) map(to : x[0 : n]) map(tofrom : s)
  for (int i = 0; i < n; ++i)
    s += x[i];
  *out = s;
}
