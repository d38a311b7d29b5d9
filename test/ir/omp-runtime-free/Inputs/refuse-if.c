// An if clause may serialize the parallel region.
void cond(int *x, int n, int par) {
#pragma omp target teams distribute parallel for if(parallel : par) map(tofrom : x[0 : n])
  for (int i = 0; i < n; ++i)
    x[i] += 1;
}
