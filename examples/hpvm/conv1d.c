/* conv1d.c: a 1-D convolution as an HPVM dataflow graph, in HPVM-C.
 *
 *   root          one instance, launched by the host
 *   `- grid       one instance per block of BS outputs
 *      |- alloc   one instance: the block's tile (BS + K - 1 floats)
 *      `- leaf    BS instances: out[i] = sum_j coef[j] * in[i + j]
 *
 * The leaf loads its element of the tile, and the first K - 1 instances the
 * halo after it, waits at the barrier, then convolves from the tile. `coef`
 * is read at the same addresses by every instance: constant memory. IDs are
 * `long`, as HPVM's intrinsics return them. n = number of outputs; `in`
 * holds n + K - 1 values. The grid has ceil(n / BS) blocks; BS = 64, K <= 9
 * in this example (the tile's size is a constant; -DBS=N picks another
 * block size). With -DHPVM_DYNAMIC_TILE the Alloc node allocates the size
 * it is given (the root's input 6, tile_bytes) instead: the tile becomes
 * dynamic shared memory (docs/hpvm.md §3), tile_bytes a kernel parameter.
 */
#ifndef BS
#define BS 64
#endif
#define KMAX 9
#define TILE_BYTES ((BS + KMAX - 1) * sizeof(float))

void leaf(float *in, size_t in_bytes, float *coef, size_t coef_bytes, float *out,
          size_t out_bytes, float *tile, size_t tile_bytes, long n, long k) {
  __hpvm__hint(HPVM_GPU);
  __hpvm__attributes(3, in, coef, tile, 2, out, tile);
  void *self = __hpvm__getNode();
  void *parent = __hpvm__getParentNode(self);
  long t = __hpvm__getNodeInstanceID_x(self);
  long bs = __hpvm__getNumNodeInstances_x(self);
  long i = __hpvm__getNodeInstanceID_x(parent) * bs + t;
  if (i < n + k - 1)
    tile[t] = in[i];
  if (t < k - 1 && i + bs < n + k - 1)
    tile[t + bs] = in[i + bs];
  __hpvm__barrier();
  if (i < n) {
    float acc = 0.0f;
    for (long j = 0; j < k; ++j)
      acc += coef[j] * tile[t + j];
    out[i] = acc;
  }
  __hpvm__return(0);
}

void alloc(size_t bytes) {
  __hpvm__hint(HPVM_GPU);
#ifdef HPVM_DYNAMIC_TILE
  void *tile = __hpvm__malloc(bytes);
  __hpvm__return(2, tile, bytes);
#else
  void *tile = __hpvm__malloc(TILE_BYTES);
  __hpvm__return(2, tile, (size_t)TILE_BYTES);
#endif
}

void grid(float *in, size_t in_bytes, float *coef, size_t coef_bytes, float *out,
          size_t out_bytes, size_t tile_bytes, long n, long k) {
  __hpvm__hint(HPVM_GPU);
  __hpvm__attributes(2, in, coef, 1, out);
  void *a = __hpvm__createNodeND(0, alloc);
  void *l = __hpvm__createNodeND(1, leaf, (long)BS);
  __hpvm__bindIn(a, 6, 0, 0);
  __hpvm__bindIn(l, 0, 0, 0);
  __hpvm__bindIn(l, 1, 1, 0);
  __hpvm__bindIn(l, 2, 2, 0);
  __hpvm__bindIn(l, 3, 3, 0);
  __hpvm__bindIn(l, 4, 4, 0);
  __hpvm__bindIn(l, 5, 5, 0);
  __hpvm__edge(a, l, 1, 0, 6, 0);
  __hpvm__edge(a, l, 1, 1, 7, 0);
  __hpvm__bindIn(l, 7, 8, 0);
  __hpvm__bindIn(l, 8, 9, 0);
  __hpvm__return(0);
}

void root(float *in, size_t in_bytes, float *coef, size_t coef_bytes, float *out,
          size_t out_bytes, size_t tile_bytes, long n, long k, long nblocks) {
  __hpvm__hint(HPVM_CPU);
  void *g = __hpvm__createNodeND(1, grid, nblocks);
  __hpvm__bindIn(g, 0, 0, 0);
  __hpvm__bindIn(g, 1, 1, 0);
  __hpvm__bindIn(g, 2, 2, 0);
  __hpvm__bindIn(g, 3, 3, 0);
  __hpvm__bindIn(g, 4, 4, 0);
  __hpvm__bindIn(g, 5, 5, 0);
  __hpvm__bindIn(g, 6, 6, 0);
  __hpvm__bindIn(g, 7, 7, 0);
  __hpvm__bindIn(g, 8, 8, 0);
  __hpvm__return(0);
}
