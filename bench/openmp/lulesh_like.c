// lulesh_like.c: a kernel shaped like LULESH's ApplyMaterialPropertiesForElems
// (clamp each element's relative volume to the equation-of-state bounds), in
// generic form: the sequential part of the `target teams` region decides the
// bounds with three `if`s (control flow outside the parallel region, but no
// side effect besides the local scalars that the parallel region reads), then
// a `distribute parallel for` clamps every element. SPMDization must accept
// branches in the sequential part: every thread can compute the bounds.
void material_props(int num_elem, const double *vnew, double *vnewc,
                    double eosvmin, double eosvmax, double emin, double pmin) {
#pragma omp target teams map(to : vnew[0 : num_elem]) map(from : vnewc[0 : num_elem])
  {
    double lo = 0.0, hi = 1.0e30, e_floor = emin;
    if (eosvmin != 0.0)
      lo = eosvmin;
    if (eosvmax != 0.0)
      hi = eosvmax;
    if (pmin < e_floor)
      e_floor = pmin;
#pragma omp distribute parallel for
    for (int i = 0; i < num_elem; ++i) {
      double v = vnew[i];
      if (v < lo)
        v = lo;
      if (v > hi)
        v = hi;
      vnewc[i] = v > e_floor ? v : e_floor;
    }
  }
}
