// fig4_matmul_tiles: tiled matrix multiply C = A * B (n x n, n a multiple of
// 16), one 16x16 thread block per output tile.
//
// Exercises memory-space inference through a loop (gpucc paper, Figure 4):
// each step stages a tile of A and of B into __shared__ arrays, then every
// thread walks its row of the A tile and its column of the B tile with
// pointer increments. The walking pointers are loop phis whose start values
// are generic casts of __shared__ addresses, so only the fixed-point
// inference over phis proves the dot-product loads are ld.shared. The k loop
// is unrolled by 4 (not fully), so the pointer phis survive clang -O3.
//
// hot-loop: lds|ld=8 (*walk_a and *walk_b, one float each)
#include "gpu.h"

#define TILE 16

KERNEL matmul_tiles(const float *A, const float *B, float *C, int n) {
  __shared__ float tile_a[TILE][TILE];
  __shared__ float tile_b[TILE][TILE];

  const int tx = tid_x(), ty = tid_y();
  const int row = ctaid_y() * TILE + ty;
  const int col = ctaid_x() * TILE + tx;

  float acc = 0.0f;
  for (int base = 0; base < n; base += TILE) {
    tile_a[ty][tx] = A[row * n + base + tx];
    tile_b[ty][tx] = B[(base + ty) * n + col];
    __syncthreads();

    const float *walk_a = &tile_a[ty][0];
    const float *walk_b = &tile_b[0][tx];
    const float *stop_a = walk_a + TILE;
#pragma unroll 4
    while (walk_a != stop_a) {
      acc += *walk_a * *walk_b;
      walk_a += 1;
      walk_b += TILE;
    }
    __syncthreads();
  }
  C[row * n + col] = acc;
}
