// The sequential part calls an external function the pass cannot see: it may
// have side effects or depend on the thread, so the kernel stays generic.
extern void log_progress(int);
#pragma omp declare target(log_progress)
void unknown(int n, int *out) {
#pragma omp target teams map(from : out[0:n])
  {
    log_progress(n);
#pragma omp distribute parallel for
    for (int i = 0; i < n; ++i)
      out[i] = i;
  }
}
