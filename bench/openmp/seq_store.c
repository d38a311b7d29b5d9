// seq_store.c: a generic-mode kernel with a store in its sequential part: the
// team's main thread records the scale factor it uses in `scale_log[0]` (all
// teams store the same value), then a `distribute parallel for` scales the
// vector. The store is a side effect, so in SPMD form it must be guarded (one
// thread of the team stores it, behind a barrier); the scale itself, which
// the parallel region needs, can be computed by every thread (or broadcast
// from the guarded thread through shared memory).
void scale_record(int n, const double *x, double *y, double *scale_log,
                  double f) {
#pragma omp target teams map(to : x[0 : n]) map(from : y[0 : n]) \
    map(tofrom : scale_log[0 : 1])
  {
    double g = f * 2.0;
    scale_log[0] = g;
#pragma omp distribute parallel for
    for (int i = 0; i < n; ++i)
      y[i] = x[i] * g;
  }
}
