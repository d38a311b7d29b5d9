#!/usr/bin/env python3
"""Unit tests of scripts/demo_openmp.py's readers (no LLVM or ptxas needed):
the runtime calls a kernel reaches through its outlined regions, and the
figures of ptxas -v's entry-function reports (smem and barriers included)."""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import demo_openmp  # noqa: E402

IR = """\
@k_exec_mode = weak protected constant i8 2
@k_kernel_environment = weak_odr protected constant i8 0
define weak_odr protected void @k(ptr %p) {
  %r = call i32 @__kmpc_target_init(ptr null, i8 2, i1 false)
  call void @__kmpc_parallel_51(ptr null, i32 0, i32 1, i32 -1, i32 -1, ptr @outlined, ptr null, ptr %p, i64 1)
  ret void
}
define internal void @outlined(ptr %p) {
  call void @__kmpc_for_static_init_4(ptr null)
  call void @helper()
  ret void
}
define internal void @helper() {
  call void @__kmpc_for_static_init_4(ptr null)
  ret void
}
define internal void @unreached() {
  call void @__kmpc_barrier(ptr null, i32 0)
  ret void
}
"""

PTXAS = """\
ptxas info    : 0 bytes gmem
ptxas info    : Compiling entry function 'k' for 'sm_80'
ptxas info    : Function properties for k
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 23 registers, used 1 barriers, 12 bytes smem, 384 bytes cmem[0]
ptxas info    : Function properties for __kmpc_helper
ptxas info    : Used 9 registers, 384 bytes cmem[0]
ptxas info    : Compiling entry function 'j' for 'sm_80'
ptxas info    : Function properties for j
ptxas info    : Used 18 registers, used 0 barriers, 384 bytes cmem[0]
"""


class Readers(unittest.TestCase):
    def test_calls_through_outlined_regions(self):
        calls = demo_openmp.kmpc_calls(IR)
        self.assertEqual(list(calls), ["k"])
        self.assertEqual(sorted(calls["k"]), ["__kmpc_for_static_init_4",
                                              "__kmpc_for_static_init_4",
                                              "__kmpc_parallel_51", "__kmpc_target_init"])

    def test_ptxas_entry_figures(self):
        self.assertEqual(demo_openmp.ptxas_figures(PTXAS), {"k": (23, 12, 1), "j": (18, 0, 0)})


if __name__ == "__main__":
    unittest.main()
