/* hpvm.h: HPVM-C, the C front end of HPVM's dataflow graphs (Kotsifakou et
 * al., PPoPP 2018), for gpucc-passes. Each call maps one to one onto an
 * `llvm.hpvm.*` intrinsic (docs/hpvm.md §1); `gpucc-hpvm-gen` does the
 * renaming. Compile with
 *   clang --target=nvptx64-nvidia-cuda -x c -O0 -Xclang -disable-O0-optnone \
 *         -include include/hpvm.h -S -emit-llvm k.c
 * Node functions take their inputs as parameters (a pointer followed by its
 * size in bytes) and name their outputs with __hpvm__return.
 */
#ifndef GPUCC_HPVM_H
#define GPUCC_HPVM_H

#include <stddef.h>

/* __hpvm__hint targets. */
enum { HPVM_CPU = 0, HPVM_GPU = 1 };

/* The running node, its parent, and instance IDs and counts per dimension. */
void *__hpvm__getNode(void);
void *__hpvm__getParentNode(void *node);
long __hpvm__getNodeInstanceID_x(void *node);
long __hpvm__getNodeInstanceID_y(void *node);
long __hpvm__getNodeInstanceID_z(void *node);
long __hpvm__getNumNodeInstances_x(void *node);
long __hpvm__getNumNodeInstances_y(void *node);
long __hpvm__getNumNodeInstances_z(void *node);

/* Memory of an Alloc node, shared by the instances of its parent's other
 * children; the barrier of the instances of one node. */
void *__hpvm__malloc(long bytes);
void __hpvm__barrier(void);

/* Graph construction: __hpvm__createNodeND(dims, function, counts...) with
 * dims 0 (one instance) to 3; bindings of the parent's inputs and outputs;
 * edges between siblings (one_to_one: instance i feeds instance i). */
void *__hpvm__createNodeND(int dims, ...);
void __hpvm__bindIn(void *node, int parent_input, int node_input, int streaming);
void __hpvm__bindOut(void *node, int node_output, int parent_output, int streaming);
void *__hpvm__edge(void *src, void *dst, int one_to_one, int src_output,
                   int dst_input, int streaming);

/* Node properties: target hint, in/out pointer lists, outputs. */
void __hpvm__hint(int target);
void __hpvm__attributes(int n_in, ...);
void __hpvm__return(int n, ...);

#endif
