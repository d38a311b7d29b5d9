; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-nary-reassociate -S %s -o %t.ll
; RUN: FileCheck --check-prefix=ADD %s < %t.ll
; RUN: FileCheck --check-prefix=MAX %s < %t.ll
; RUN: FileCheck --check-prefix=GEP %s < %t.ll
;
; Many independent candidates, many keys, several stacks per key, across
; branches: every unit is rewritten, in program order. The harness runs this
; in two opt processes and compares the bytes (keys are SCEV addresses, which
; differ between processes; nothing iterates the map keyed by them).

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare void @use(i32)
declare void @usep(ptr)
declare i32 @llvm.smax.i32(i32, i32)

; ADD-LABEL: @units(
; ADD-NOT:        %ab{{[0-9]+}} =
; ADD-COUNT-24:   %abc{{[0-9]+}} = add i32 %ac{{[0-9]+}}, %b{{[0-9]+}}
; ADD-NOT:        %ab{{[0-9]+}} =
; MAX-LABEL: @units(
; MAX-COUNT-24:   %m3{{[0-9]+}}.nary = call i32 @llvm.smax.i32(i32 %m1{{[0-9]+}}, i32 %b{{[0-9]+}})
; MAX-NOT:        %m2{{[0-9]+}} =
; GEP-LABEL: @units(
; GEP-COUNT-24:   %g2{{[0-9]+}} = getelementptr float, ptr %g1{{[0-9]+}}, i64
; GEP-NOT:        %ij{{[0-9]+}} =
define void @units(ptr %p, ptr %q, i32 %x) {
entry:
  %a0 = load i32, ptr %p
  %b0 = load i32, ptr %q
  %c0 = add i32 %x, 0
  %ac0 = add i32 %a0, %c0
  call void @use(i32 %ac0)
  %ab0 = add i32 %a0, %b0
  %abc0 = add i32 %ab0, %c0
  call void @use(i32 %abc0)
  %m10 = call i32 @llvm.smax.i32(i32 %a0, i32 %c0)
  call void @use(i32 %m10)
  %m20 = call i32 @llvm.smax.i32(i32 %b0, i32 %c0)
  %m30 = call i32 @llvm.smax.i32(i32 %m20, i32 %a0)
  call void @use(i32 %m30)
  %i0 = sext i32 %a0 to i64
  %g10 = getelementptr float, ptr %p, i64 %i0
  call void @usep(ptr %g10)
  %ij0 = add nsw i32 %a0, %b0
  %s0 = sext i32 %ij0 to i64
  %g20 = getelementptr float, ptr %p, i64 %s0
  call void @usep(ptr %g20)
  %a1 = load i32, ptr %p
  %b1 = load i32, ptr %q
  %c1 = add i32 %x, 1
  %ac1 = add i32 %a1, %c1
  call void @use(i32 %ac1)
  %ab1 = add i32 %a1, %b1
  %abc1 = add i32 %ab1, %c1
  call void @use(i32 %abc1)
  %m11 = call i32 @llvm.smax.i32(i32 %a1, i32 %c1)
  call void @use(i32 %m11)
  %m21 = call i32 @llvm.smax.i32(i32 %b1, i32 %c1)
  %m31 = call i32 @llvm.smax.i32(i32 %m21, i32 %a1)
  call void @use(i32 %m31)
  %i1 = sext i32 %a1 to i64
  %g11 = getelementptr float, ptr %p, i64 %i1
  call void @usep(ptr %g11)
  %ij1 = add nsw i32 %a1, %b1
  %s1 = sext i32 %ij1 to i64
  %g21 = getelementptr float, ptr %p, i64 %s1
  call void @usep(ptr %g21)
  %a2 = load i32, ptr %p
  %b2 = load i32, ptr %q
  %c2 = add i32 %x, 2
  %ac2 = add i32 %a2, %c2
  call void @use(i32 %ac2)
  %ab2 = add i32 %a2, %b2
  %abc2 = add i32 %ab2, %c2
  call void @use(i32 %abc2)
  %m12 = call i32 @llvm.smax.i32(i32 %a2, i32 %c2)
  call void @use(i32 %m12)
  %m22 = call i32 @llvm.smax.i32(i32 %b2, i32 %c2)
  %m32 = call i32 @llvm.smax.i32(i32 %m22, i32 %a2)
  call void @use(i32 %m32)
  %i2 = sext i32 %a2 to i64
  %g12 = getelementptr float, ptr %p, i64 %i2
  call void @usep(ptr %g12)
  %ij2 = add nsw i32 %a2, %b2
  %s2 = sext i32 %ij2 to i64
  %g22 = getelementptr float, ptr %p, i64 %s2
  call void @usep(ptr %g22)
  %a3 = load i32, ptr %p
  %b3 = load i32, ptr %q
  %c3 = add i32 %x, 3
  %ac3 = add i32 %a3, %c3
  call void @use(i32 %ac3)
  %ab3 = add i32 %a3, %b3
  %abc3 = add i32 %ab3, %c3
  call void @use(i32 %abc3)
  %m13 = call i32 @llvm.smax.i32(i32 %a3, i32 %c3)
  call void @use(i32 %m13)
  %m23 = call i32 @llvm.smax.i32(i32 %b3, i32 %c3)
  %m33 = call i32 @llvm.smax.i32(i32 %m23, i32 %a3)
  call void @use(i32 %m33)
  %i3 = sext i32 %a3 to i64
  %g13 = getelementptr float, ptr %p, i64 %i3
  call void @usep(ptr %g13)
  %ij3 = add nsw i32 %a3, %b3
  %s3 = sext i32 %ij3 to i64
  %g23 = getelementptr float, ptr %p, i64 %s3
  call void @usep(ptr %g23)
  %a4 = load i32, ptr %p
  %b4 = load i32, ptr %q
  %c4 = add i32 %x, 4
  %ac4 = add i32 %a4, %c4
  call void @use(i32 %ac4)
  %ab4 = add i32 %a4, %b4
  %abc4 = add i32 %ab4, %c4
  call void @use(i32 %abc4)
  %m14 = call i32 @llvm.smax.i32(i32 %a4, i32 %c4)
  call void @use(i32 %m14)
  %m24 = call i32 @llvm.smax.i32(i32 %b4, i32 %c4)
  %m34 = call i32 @llvm.smax.i32(i32 %m24, i32 %a4)
  call void @use(i32 %m34)
  %i4 = sext i32 %a4 to i64
  %g14 = getelementptr float, ptr %p, i64 %i4
  call void @usep(ptr %g14)
  %ij4 = add nsw i32 %a4, %b4
  %s4 = sext i32 %ij4 to i64
  %g24 = getelementptr float, ptr %p, i64 %s4
  call void @usep(ptr %g24)
  %a5 = load i32, ptr %p
  %b5 = load i32, ptr %q
  %c5 = add i32 %x, 0
  %ac5 = add i32 %a5, %c5
  call void @use(i32 %ac5)
  %ab5 = add i32 %a5, %b5
  %abc5 = add i32 %ab5, %c5
  call void @use(i32 %abc5)
  %m15 = call i32 @llvm.smax.i32(i32 %a5, i32 %c5)
  call void @use(i32 %m15)
  %m25 = call i32 @llvm.smax.i32(i32 %b5, i32 %c5)
  %m35 = call i32 @llvm.smax.i32(i32 %m25, i32 %a5)
  call void @use(i32 %m35)
  %i5 = sext i32 %a5 to i64
  %g15 = getelementptr float, ptr %p, i64 %i5
  call void @usep(ptr %g15)
  %ij5 = add nsw i32 %a5, %b5
  %s5 = sext i32 %ij5 to i64
  %g25 = getelementptr float, ptr %p, i64 %s5
  call void @usep(ptr %g25)
  %cc5 = icmp eq i32 %a5, 0
  br i1 %cc5, label %t5, label %j5
t5:
  call void @use(i32 %abc5)
  br label %j5
j5:
  %a6 = load i32, ptr %p
  %b6 = load i32, ptr %q
  %c6 = add i32 %x, 1
  %ac6 = add i32 %a6, %c6
  call void @use(i32 %ac6)
  %ab6 = add i32 %a6, %b6
  %abc6 = add i32 %ab6, %c6
  call void @use(i32 %abc6)
  %m16 = call i32 @llvm.smax.i32(i32 %a6, i32 %c6)
  call void @use(i32 %m16)
  %m26 = call i32 @llvm.smax.i32(i32 %b6, i32 %c6)
  %m36 = call i32 @llvm.smax.i32(i32 %m26, i32 %a6)
  call void @use(i32 %m36)
  %i6 = sext i32 %a6 to i64
  %g16 = getelementptr float, ptr %p, i64 %i6
  call void @usep(ptr %g16)
  %ij6 = add nsw i32 %a6, %b6
  %s6 = sext i32 %ij6 to i64
  %g26 = getelementptr float, ptr %p, i64 %s6
  call void @usep(ptr %g26)
  %a7 = load i32, ptr %p
  %b7 = load i32, ptr %q
  %c7 = add i32 %x, 2
  %ac7 = add i32 %a7, %c7
  call void @use(i32 %ac7)
  %ab7 = add i32 %a7, %b7
  %abc7 = add i32 %ab7, %c7
  call void @use(i32 %abc7)
  %m17 = call i32 @llvm.smax.i32(i32 %a7, i32 %c7)
  call void @use(i32 %m17)
  %m27 = call i32 @llvm.smax.i32(i32 %b7, i32 %c7)
  %m37 = call i32 @llvm.smax.i32(i32 %m27, i32 %a7)
  call void @use(i32 %m37)
  %i7 = sext i32 %a7 to i64
  %g17 = getelementptr float, ptr %p, i64 %i7
  call void @usep(ptr %g17)
  %ij7 = add nsw i32 %a7, %b7
  %s7 = sext i32 %ij7 to i64
  %g27 = getelementptr float, ptr %p, i64 %s7
  call void @usep(ptr %g27)
  %a8 = load i32, ptr %p
  %b8 = load i32, ptr %q
  %c8 = add i32 %x, 3
  %ac8 = add i32 %a8, %c8
  call void @use(i32 %ac8)
  %ab8 = add i32 %a8, %b8
  %abc8 = add i32 %ab8, %c8
  call void @use(i32 %abc8)
  %m18 = call i32 @llvm.smax.i32(i32 %a8, i32 %c8)
  call void @use(i32 %m18)
  %m28 = call i32 @llvm.smax.i32(i32 %b8, i32 %c8)
  %m38 = call i32 @llvm.smax.i32(i32 %m28, i32 %a8)
  call void @use(i32 %m38)
  %i8 = sext i32 %a8 to i64
  %g18 = getelementptr float, ptr %p, i64 %i8
  call void @usep(ptr %g18)
  %ij8 = add nsw i32 %a8, %b8
  %s8 = sext i32 %ij8 to i64
  %g28 = getelementptr float, ptr %p, i64 %s8
  call void @usep(ptr %g28)
  %a9 = load i32, ptr %p
  %b9 = load i32, ptr %q
  %c9 = add i32 %x, 4
  %ac9 = add i32 %a9, %c9
  call void @use(i32 %ac9)
  %ab9 = add i32 %a9, %b9
  %abc9 = add i32 %ab9, %c9
  call void @use(i32 %abc9)
  %m19 = call i32 @llvm.smax.i32(i32 %a9, i32 %c9)
  call void @use(i32 %m19)
  %m29 = call i32 @llvm.smax.i32(i32 %b9, i32 %c9)
  %m39 = call i32 @llvm.smax.i32(i32 %m29, i32 %a9)
  call void @use(i32 %m39)
  %i9 = sext i32 %a9 to i64
  %g19 = getelementptr float, ptr %p, i64 %i9
  call void @usep(ptr %g19)
  %ij9 = add nsw i32 %a9, %b9
  %s9 = sext i32 %ij9 to i64
  %g29 = getelementptr float, ptr %p, i64 %s9
  call void @usep(ptr %g29)
  %a10 = load i32, ptr %p
  %b10 = load i32, ptr %q
  %c10 = add i32 %x, 0
  %ac10 = add i32 %a10, %c10
  call void @use(i32 %ac10)
  %ab10 = add i32 %a10, %b10
  %abc10 = add i32 %ab10, %c10
  call void @use(i32 %abc10)
  %m110 = call i32 @llvm.smax.i32(i32 %a10, i32 %c10)
  call void @use(i32 %m110)
  %m210 = call i32 @llvm.smax.i32(i32 %b10, i32 %c10)
  %m310 = call i32 @llvm.smax.i32(i32 %m210, i32 %a10)
  call void @use(i32 %m310)
  %i10 = sext i32 %a10 to i64
  %g110 = getelementptr float, ptr %p, i64 %i10
  call void @usep(ptr %g110)
  %ij10 = add nsw i32 %a10, %b10
  %s10 = sext i32 %ij10 to i64
  %g210 = getelementptr float, ptr %p, i64 %s10
  call void @usep(ptr %g210)
  %a11 = load i32, ptr %p
  %b11 = load i32, ptr %q
  %c11 = add i32 %x, 1
  %ac11 = add i32 %a11, %c11
  call void @use(i32 %ac11)
  %ab11 = add i32 %a11, %b11
  %abc11 = add i32 %ab11, %c11
  call void @use(i32 %abc11)
  %m111 = call i32 @llvm.smax.i32(i32 %a11, i32 %c11)
  call void @use(i32 %m111)
  %m211 = call i32 @llvm.smax.i32(i32 %b11, i32 %c11)
  %m311 = call i32 @llvm.smax.i32(i32 %m211, i32 %a11)
  call void @use(i32 %m311)
  %i11 = sext i32 %a11 to i64
  %g111 = getelementptr float, ptr %p, i64 %i11
  call void @usep(ptr %g111)
  %ij11 = add nsw i32 %a11, %b11
  %s11 = sext i32 %ij11 to i64
  %g211 = getelementptr float, ptr %p, i64 %s11
  call void @usep(ptr %g211)
  %cc11 = icmp eq i32 %a11, 0
  br i1 %cc11, label %t11, label %j11
t11:
  call void @use(i32 %abc11)
  br label %j11
j11:
  %a12 = load i32, ptr %p
  %b12 = load i32, ptr %q
  %c12 = add i32 %x, 2
  %ac12 = add i32 %a12, %c12
  call void @use(i32 %ac12)
  %ab12 = add i32 %a12, %b12
  %abc12 = add i32 %ab12, %c12
  call void @use(i32 %abc12)
  %m112 = call i32 @llvm.smax.i32(i32 %a12, i32 %c12)
  call void @use(i32 %m112)
  %m212 = call i32 @llvm.smax.i32(i32 %b12, i32 %c12)
  %m312 = call i32 @llvm.smax.i32(i32 %m212, i32 %a12)
  call void @use(i32 %m312)
  %i12 = sext i32 %a12 to i64
  %g112 = getelementptr float, ptr %p, i64 %i12
  call void @usep(ptr %g112)
  %ij12 = add nsw i32 %a12, %b12
  %s12 = sext i32 %ij12 to i64
  %g212 = getelementptr float, ptr %p, i64 %s12
  call void @usep(ptr %g212)
  %a13 = load i32, ptr %p
  %b13 = load i32, ptr %q
  %c13 = add i32 %x, 3
  %ac13 = add i32 %a13, %c13
  call void @use(i32 %ac13)
  %ab13 = add i32 %a13, %b13
  %abc13 = add i32 %ab13, %c13
  call void @use(i32 %abc13)
  %m113 = call i32 @llvm.smax.i32(i32 %a13, i32 %c13)
  call void @use(i32 %m113)
  %m213 = call i32 @llvm.smax.i32(i32 %b13, i32 %c13)
  %m313 = call i32 @llvm.smax.i32(i32 %m213, i32 %a13)
  call void @use(i32 %m313)
  %i13 = sext i32 %a13 to i64
  %g113 = getelementptr float, ptr %p, i64 %i13
  call void @usep(ptr %g113)
  %ij13 = add nsw i32 %a13, %b13
  %s13 = sext i32 %ij13 to i64
  %g213 = getelementptr float, ptr %p, i64 %s13
  call void @usep(ptr %g213)
  %a14 = load i32, ptr %p
  %b14 = load i32, ptr %q
  %c14 = add i32 %x, 4
  %ac14 = add i32 %a14, %c14
  call void @use(i32 %ac14)
  %ab14 = add i32 %a14, %b14
  %abc14 = add i32 %ab14, %c14
  call void @use(i32 %abc14)
  %m114 = call i32 @llvm.smax.i32(i32 %a14, i32 %c14)
  call void @use(i32 %m114)
  %m214 = call i32 @llvm.smax.i32(i32 %b14, i32 %c14)
  %m314 = call i32 @llvm.smax.i32(i32 %m214, i32 %a14)
  call void @use(i32 %m314)
  %i14 = sext i32 %a14 to i64
  %g114 = getelementptr float, ptr %p, i64 %i14
  call void @usep(ptr %g114)
  %ij14 = add nsw i32 %a14, %b14
  %s14 = sext i32 %ij14 to i64
  %g214 = getelementptr float, ptr %p, i64 %s14
  call void @usep(ptr %g214)
  %a15 = load i32, ptr %p
  %b15 = load i32, ptr %q
  %c15 = add i32 %x, 0
  %ac15 = add i32 %a15, %c15
  call void @use(i32 %ac15)
  %ab15 = add i32 %a15, %b15
  %abc15 = add i32 %ab15, %c15
  call void @use(i32 %abc15)
  %m115 = call i32 @llvm.smax.i32(i32 %a15, i32 %c15)
  call void @use(i32 %m115)
  %m215 = call i32 @llvm.smax.i32(i32 %b15, i32 %c15)
  %m315 = call i32 @llvm.smax.i32(i32 %m215, i32 %a15)
  call void @use(i32 %m315)
  %i15 = sext i32 %a15 to i64
  %g115 = getelementptr float, ptr %p, i64 %i15
  call void @usep(ptr %g115)
  %ij15 = add nsw i32 %a15, %b15
  %s15 = sext i32 %ij15 to i64
  %g215 = getelementptr float, ptr %p, i64 %s15
  call void @usep(ptr %g215)
  %a16 = load i32, ptr %p
  %b16 = load i32, ptr %q
  %c16 = add i32 %x, 1
  %ac16 = add i32 %a16, %c16
  call void @use(i32 %ac16)
  %ab16 = add i32 %a16, %b16
  %abc16 = add i32 %ab16, %c16
  call void @use(i32 %abc16)
  %m116 = call i32 @llvm.smax.i32(i32 %a16, i32 %c16)
  call void @use(i32 %m116)
  %m216 = call i32 @llvm.smax.i32(i32 %b16, i32 %c16)
  %m316 = call i32 @llvm.smax.i32(i32 %m216, i32 %a16)
  call void @use(i32 %m316)
  %i16 = sext i32 %a16 to i64
  %g116 = getelementptr float, ptr %p, i64 %i16
  call void @usep(ptr %g116)
  %ij16 = add nsw i32 %a16, %b16
  %s16 = sext i32 %ij16 to i64
  %g216 = getelementptr float, ptr %p, i64 %s16
  call void @usep(ptr %g216)
  %a17 = load i32, ptr %p
  %b17 = load i32, ptr %q
  %c17 = add i32 %x, 2
  %ac17 = add i32 %a17, %c17
  call void @use(i32 %ac17)
  %ab17 = add i32 %a17, %b17
  %abc17 = add i32 %ab17, %c17
  call void @use(i32 %abc17)
  %m117 = call i32 @llvm.smax.i32(i32 %a17, i32 %c17)
  call void @use(i32 %m117)
  %m217 = call i32 @llvm.smax.i32(i32 %b17, i32 %c17)
  %m317 = call i32 @llvm.smax.i32(i32 %m217, i32 %a17)
  call void @use(i32 %m317)
  %i17 = sext i32 %a17 to i64
  %g117 = getelementptr float, ptr %p, i64 %i17
  call void @usep(ptr %g117)
  %ij17 = add nsw i32 %a17, %b17
  %s17 = sext i32 %ij17 to i64
  %g217 = getelementptr float, ptr %p, i64 %s17
  call void @usep(ptr %g217)
  %cc17 = icmp eq i32 %a17, 0
  br i1 %cc17, label %t17, label %j17
t17:
  call void @use(i32 %abc17)
  br label %j17
j17:
  %a18 = load i32, ptr %p
  %b18 = load i32, ptr %q
  %c18 = add i32 %x, 3
  %ac18 = add i32 %a18, %c18
  call void @use(i32 %ac18)
  %ab18 = add i32 %a18, %b18
  %abc18 = add i32 %ab18, %c18
  call void @use(i32 %abc18)
  %m118 = call i32 @llvm.smax.i32(i32 %a18, i32 %c18)
  call void @use(i32 %m118)
  %m218 = call i32 @llvm.smax.i32(i32 %b18, i32 %c18)
  %m318 = call i32 @llvm.smax.i32(i32 %m218, i32 %a18)
  call void @use(i32 %m318)
  %i18 = sext i32 %a18 to i64
  %g118 = getelementptr float, ptr %p, i64 %i18
  call void @usep(ptr %g118)
  %ij18 = add nsw i32 %a18, %b18
  %s18 = sext i32 %ij18 to i64
  %g218 = getelementptr float, ptr %p, i64 %s18
  call void @usep(ptr %g218)
  %a19 = load i32, ptr %p
  %b19 = load i32, ptr %q
  %c19 = add i32 %x, 4
  %ac19 = add i32 %a19, %c19
  call void @use(i32 %ac19)
  %ab19 = add i32 %a19, %b19
  %abc19 = add i32 %ab19, %c19
  call void @use(i32 %abc19)
  %m119 = call i32 @llvm.smax.i32(i32 %a19, i32 %c19)
  call void @use(i32 %m119)
  %m219 = call i32 @llvm.smax.i32(i32 %b19, i32 %c19)
  %m319 = call i32 @llvm.smax.i32(i32 %m219, i32 %a19)
  call void @use(i32 %m319)
  %i19 = sext i32 %a19 to i64
  %g119 = getelementptr float, ptr %p, i64 %i19
  call void @usep(ptr %g119)
  %ij19 = add nsw i32 %a19, %b19
  %s19 = sext i32 %ij19 to i64
  %g219 = getelementptr float, ptr %p, i64 %s19
  call void @usep(ptr %g219)
  %a20 = load i32, ptr %p
  %b20 = load i32, ptr %q
  %c20 = add i32 %x, 0
  %ac20 = add i32 %a20, %c20
  call void @use(i32 %ac20)
  %ab20 = add i32 %a20, %b20
  %abc20 = add i32 %ab20, %c20
  call void @use(i32 %abc20)
  %m120 = call i32 @llvm.smax.i32(i32 %a20, i32 %c20)
  call void @use(i32 %m120)
  %m220 = call i32 @llvm.smax.i32(i32 %b20, i32 %c20)
  %m320 = call i32 @llvm.smax.i32(i32 %m220, i32 %a20)
  call void @use(i32 %m320)
  %i20 = sext i32 %a20 to i64
  %g120 = getelementptr float, ptr %p, i64 %i20
  call void @usep(ptr %g120)
  %ij20 = add nsw i32 %a20, %b20
  %s20 = sext i32 %ij20 to i64
  %g220 = getelementptr float, ptr %p, i64 %s20
  call void @usep(ptr %g220)
  %a21 = load i32, ptr %p
  %b21 = load i32, ptr %q
  %c21 = add i32 %x, 1
  %ac21 = add i32 %a21, %c21
  call void @use(i32 %ac21)
  %ab21 = add i32 %a21, %b21
  %abc21 = add i32 %ab21, %c21
  call void @use(i32 %abc21)
  %m121 = call i32 @llvm.smax.i32(i32 %a21, i32 %c21)
  call void @use(i32 %m121)
  %m221 = call i32 @llvm.smax.i32(i32 %b21, i32 %c21)
  %m321 = call i32 @llvm.smax.i32(i32 %m221, i32 %a21)
  call void @use(i32 %m321)
  %i21 = sext i32 %a21 to i64
  %g121 = getelementptr float, ptr %p, i64 %i21
  call void @usep(ptr %g121)
  %ij21 = add nsw i32 %a21, %b21
  %s21 = sext i32 %ij21 to i64
  %g221 = getelementptr float, ptr %p, i64 %s21
  call void @usep(ptr %g221)
  %a22 = load i32, ptr %p
  %b22 = load i32, ptr %q
  %c22 = add i32 %x, 2
  %ac22 = add i32 %a22, %c22
  call void @use(i32 %ac22)
  %ab22 = add i32 %a22, %b22
  %abc22 = add i32 %ab22, %c22
  call void @use(i32 %abc22)
  %m122 = call i32 @llvm.smax.i32(i32 %a22, i32 %c22)
  call void @use(i32 %m122)
  %m222 = call i32 @llvm.smax.i32(i32 %b22, i32 %c22)
  %m322 = call i32 @llvm.smax.i32(i32 %m222, i32 %a22)
  call void @use(i32 %m322)
  %i22 = sext i32 %a22 to i64
  %g122 = getelementptr float, ptr %p, i64 %i22
  call void @usep(ptr %g122)
  %ij22 = add nsw i32 %a22, %b22
  %s22 = sext i32 %ij22 to i64
  %g222 = getelementptr float, ptr %p, i64 %s22
  call void @usep(ptr %g222)
  %a23 = load i32, ptr %p
  %b23 = load i32, ptr %q
  %c23 = add i32 %x, 3
  %ac23 = add i32 %a23, %c23
  call void @use(i32 %ac23)
  %ab23 = add i32 %a23, %b23
  %abc23 = add i32 %ab23, %c23
  call void @use(i32 %abc23)
  %m123 = call i32 @llvm.smax.i32(i32 %a23, i32 %c23)
  call void @use(i32 %m123)
  %m223 = call i32 @llvm.smax.i32(i32 %b23, i32 %c23)
  %m323 = call i32 @llvm.smax.i32(i32 %m223, i32 %a23)
  call void @use(i32 %m323)
  %i23 = sext i32 %a23 to i64
  %g123 = getelementptr float, ptr %p, i64 %i23
  call void @usep(ptr %g123)
  %ij23 = add nsw i32 %a23, %b23
  %s23 = sext i32 %ij23 to i64
  %g223 = getelementptr float, ptr %p, i64 %s23
  call void @usep(ptr %g223)
  %cc23 = icmp eq i32 %a23, 0
  br i1 %cc23, label %t23, label %j23
t23:
  call void @use(i32 %abc23)
  br label %j23
j23:
  ret void
}
