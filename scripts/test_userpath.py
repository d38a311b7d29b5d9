#!/usr/bin/env python3
"""Unit tests of scripts/userpath.py's hot-loop counter on canned nvdisasm
listings (no NVIDIA tool needed). Run: python3 scripts/test_userpath.py;
tests/userpath_hot_loop.rs runs it under cargo test."""

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import userpath as up  # noqa: E402

# A kernel whose source loop reads a[j] and b[j] (8 global bytes), unrolled
# by 4 (main loop at 0x40: four LDG of a and one LDG.128 of b, 12
# instructions) with a 1x remainder loop (0x120), both inside an outer loop
# (0x20 .. 0x170), then the trap loop after EXIT. NOPs are padding.
LISTING = """\
//--------------------- .text.k                   --------------------------
\t.section\t.text.k,"ax",@progbits
\t.sectioninfo\t@"SHI_REGISTERS=20"
k:
.text.k:
        /*0000*/                   S2R R0, SR_TID.X ;
        /*0010*/                   MOV R7, RZ ;
.L_x_0:
        /*0020*/                   IADD3 R9, R9, 0x1, RZ ;
        /*0030*/                   NOP ;
.L_x_1:
        /*0040*/                   LDG.E.CONSTANT R10, [R2.64] ;
        /*0050*/                   LDG.E.128.CONSTANT R12, [R4.64] ;
        /*0060*/                   LDG.E.CONSTANT R11, [R2.64+0x4] ;
        /*0070*/                   LDG.E.CONSTANT R16, [R2.64+0x8] ;
        /*0080*/                   LDG.E.CONSTANT R17, [R2.64+0xc] ;
        /*0090*/                   IADD3 R2, P3, R2, 0x10, RZ ;
        /*00a0*/                   FFMA R7, R10, R12, R7 ;
        /*00b0*/                   FFMA R7, R11, R13, R7 ;
        /*00c0*/                   FFMA R7, R14, R16, R7 ;
        /*00d0*/                   FFMA R7, R15, R17, R7 ;
        /*00e0*/                   ISETP.NE.AND P1, PT, R8, RZ, PT ;
        /*00f0*/               @P1 BRA `(.L_x_1) ;
        /*0100*/                   NOP ;
        /*0110*/                   MOV R6, RZ ;
.L_x_2:
        /*0120*/                   LDG.E.CONSTANT R10, [R2.64] ;
        /*0130*/                   LDG.E.CONSTANT R12, [R4.64] ;
        /*0140*/                   FFMA R7, R10, R12, R7 ;
        /*0150*/              @!P0 BRA `(.L_x_2) ;
        /*0160*/                   ISETP.NE.AND P2, PT, R9, 0x10, PT ;
        /*0170*/               @P2 BRA `(.L_x_0) ;
        /*0180*/                   STG.E [R2.64], R7 ;
        /*0190*/                   EXIT ;
.L_x_3:
        /*01a0*/                   BRA `(.L_x_3);
.L_x_4:
//--------------------- .nv.shared.k              --------------------------
\t.section\t.nv.shared.k,"aw",@nobits
"""


class HotLoop(unittest.TestCase):
    def test_innermost_loops_skip_outer_and_trap(self):
        funcs, labels = up.sass_functions(LISTING)
        self.assertEqual(list(funcs), ["k"])
        self.assertEqual(up.innermost_loops(funcs["k"], labels), [(0x40, 0xF0), (0x120, 0x150)])

    def test_picks_unrolled_main_loop(self):
        hot = up.hot_loop(LISTING, [({"ldg"}, 8)])
        self.assertEqual((hot["unroll"], hot["body"], hot["function"]), (4, 12, "k"))
        self.assertEqual(hot["per_iter"], 3.0)
        self.assertTrue(hot["lines"][0].startswith("/*0040*/"))

    def test_factor_must_be_whole(self):
        # 16 bytes per iteration: main loop 2x, remainder 0.5x (not a candidate)
        self.assertEqual(up.hot_loop(LISTING, [({"ldg"}, 16)])["unroll"], 2)
        # 3 bytes: 32 and 8 are no multiples of 3
        self.assertIn("why", up.hot_loop(LISTING, [({"ldg"}, 3)]))

    def test_stream_alternatives_and_consistency(self):
        # lds|ldg sums both streams; a second term must give the same factor
        self.assertEqual(up.hot_loop(LISTING, [({"lds", "ldg"}, 8)])["unroll"], 4)
        self.assertIn("why", up.hot_loop(LISTING, [({"ldg"}, 8), ({"stg"}, 4)]))
        self.assertIn("why", up.hot_loop(LISTING, [({"lds"}, 8)]))

    def test_widths(self):
        self.assertEqual(up.mem_bytes("LDS.128"), ("lds", 16))
        self.assertEqual(up.mem_bytes("LDG.E.64.CONSTANT"), ("ldg", 8))
        self.assertEqual(up.mem_bytes("LDG.E.U8.CONSTANT"), ("ldg", 1))
        self.assertEqual(up.mem_bytes("ATOMS.ADD"), ("atoms", 4))
        self.assertEqual(up.mem_bytes("STL.64"), None)  # spills are not a stream
        self.assertEqual(up.mem_bytes("ULDC.64"), None)

    def test_two_latches_are_one_loop(self):
        listing = LISTING.replace("        /*0140*/                   FFMA R7, R10, R12, R7 ;",
                                  "        /*0140*/               @P3 BRA `(.L_x_2) ;")
        funcs, labels = up.sass_functions(listing)
        self.assertIn((0x120, 0x150), up.innermost_loops(funcs["k"], labels))
        self.assertNotIn((0x120, 0x140), up.innermost_loops(funcs["k"], labels))

    def test_annotation(self):
        self.assertIsNone(up.parse_hot_loop("// hot-loop: none\n", "k.cu"))
        self.assertEqual(up.parse_hot_loop("//  hot-loop: lds|ld=16 (x, y)\n", "k.cu"),
                         [({"lds", "ld"}, 16)])
        self.assertEqual(up.parse_hot_loop("// hot-loop: ldg=8, stg=4\n", "k.cu"),
                         [({"ldg"}, 8), ({"stg"}, 4)])
        for bad in ("// hot-loop: lds=0\n", "// hot-loop: foo=4\n", "no annotation\n",
                    "// hot-loop: none\n// hot-loop: none\n"):
            with self.assertRaises(SystemExit):
                up.parse_hot_loop(bad, "k.cu")


if __name__ == "__main__":
    unittest.main()
