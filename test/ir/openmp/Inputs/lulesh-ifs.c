// A LULESH-like kernel: three ifs in the sequential part pick the constants
// the parallel loop uses (cf. CalcPressureForElems' cutoffs).
void lulesh(int n, double *e, double *p, const double *q, double emin,
            double pmin, int clamp) {
#pragma omp target teams map(tofrom : e[0:n], p[0:n]) map(to : q[0:n])
  {
    double c1 = 0.0, c2 = 1.0, c3 = 2.0 / 3.0;
    if (emin < 0.0)
      c1 = -emin;
    if (pmin > 1e-7)
      c2 = pmin;
    if (clamp)
      c3 = 1.0;
#pragma omp distribute parallel for
    for (int i = 0; i < n; ++i) {
      double v = c3 * (e[i] + q[i]);
      p[i] = v < c2 ? c2 : v;
      e[i] = e[i] < c1 ? c1 : e[i];
    }
  }
}
