// The force loop of a lavaMD-like kernel (Rodinia's lavaMD: particles in
// boxes, each block owns one box and sums the forces its neighbours' particles
// exert). The neighbour box's positions and charges are staged in shared
// memory; each thread accumulates the force on its own particle in global
// memory, fv[i].v/x/y/z += ..., inside the particle loop.
//
// The shared array is `extern __shared__` (dynamic shared memory, sized at
// launch): an external global, so basic-aa cannot tell it from the generic
// kernel argument fv. Used by clang-lavamd.ll.

#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))

#define NUMBER_PAR_PER_BOX 128

typedef struct { float v, x, y, z; } FOUR_VECTOR;

// Positions of the neighbour box's particles, then their charges.
extern __shared__ FOUR_VECTOR rB_shared[];

extern "C" __global__ void lava(float alpha, int nei_boxes, const int *nei_offset,
                                const FOUR_VECTOR *rv, const float *qv, FOUR_VECTOR *fv) {
  unsigned bx = __nvvm_read_ptx_sreg_ctaid_x();
  unsigned tx = __nvvm_read_ptx_sreg_tid_x();
  float a2 = 2.0f * alpha * alpha;
  unsigned first_i = bx * NUMBER_PAR_PER_BOX;
  FOUR_VECTOR *fA = &fv[first_i + tx];
  FOUR_VECTOR rA = rv[first_i + tx];
  float *qB_shared = (float *)&rB_shared[NUMBER_PAR_PER_BOX];
  for (int k = 0; k < nei_boxes; k++) {
    unsigned first_j = nei_offset[k] * NUMBER_PAR_PER_BOX;
    rB_shared[tx] = rv[first_j + tx];
    qB_shared[tx] = qv[first_j + tx];
    __syncthreads();
    for (int j = 0; j < NUMBER_PAR_PER_BOX; j++) {
      FOUR_VECTOR rB = rB_shared[j];
      float r2 = rA.v + rB.v - (rA.x * rB.x + rA.y * rB.y + rA.z * rB.z);
      // exp(-a2 * r2); ex2.approx is a readnone intrinsic (a libm call would
      // be opaque to every AA and hide the difference under test).
      float vij = __nvvm_ex2_approx_f(-a2 * r2);
      float fs = 2.0f * vij;
      fA->v += qB_shared[j] * vij;
      fA->x += qB_shared[j] * fs * (rA.x - rB.x);
      fA->y += qB_shared[j] * fs * (rA.y - rB.y);
      fA->z += qB_shared[j] * fs * (rA.z - rB.z);
    }
    __syncthreads();
  }
}
