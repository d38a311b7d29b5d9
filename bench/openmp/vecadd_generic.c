// vecadd_generic.c: the vector add of Bertolli et al. (LLVM-HPC 2015) in its
// generic form. A `target teams` region runs one sequential statement (the
// constant `pi`) and then a `distribute parallel for`: clang 16 emits a
// generic-mode kernel (a state machine: the team's main thread runs the
// sequential code, the workers wait for the `__kmpc_parallel_51` region), and
// `pi`, used inside the parallel region, is shared with the workers
// (globalized through __kmpc_alloc_shared). SPMDization has to prove the
// sequential part harmless and remove the globalization.
// Native twin: vecadd_spmd (the same loop as a combined construct).
void vecadd(const double *a, const double *b, double *c, int n) {
#pragma omp target teams map(to : a[0 : n], b[0 : n]) map(from : c[0 : n])
  {
    double pi = 3.14159265358979323846;
#pragma omp distribute parallel for
    for (int i = 0; i < n; ++i)
      c[i] = a[i] + b[i] * pi;
  }
}
