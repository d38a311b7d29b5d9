// One u64 division in an NVPTX kernel (no_core: no standard library exists
// for nvptx64 here). Used by kernel-division-bypassed.ll.
#![no_core]
#![feature(no_core, lang_items, abi_ptx, intrinsics, rustc_attrs)]
#![allow(internal_features)]
#[lang = "pointee_sized"]
pub trait PointeeSized {}
#[lang = "meta_sized"]
pub trait MetaSized: PointeeSized {}
#[lang = "sized"]
pub trait Sized: MetaSized {}
#[lang = "copy"]
pub trait Copy {}
impl Copy for u64 {}
#[rustc_intrinsic]
pub unsafe fn unchecked_div<T: Copy>(x: T, y: T) -> T;

#[no_mangle]
pub unsafe extern "ptx-kernel" fn div64(q: *mut u64, a: u64, b: u64) {
    *q = unchecked_div(a, b);
}

#[no_mangle]
pub unsafe extern "ptx-kernel" fn two_div64(q: *mut u64, r: *mut u64, a: u64, b: u64, c: u64) {
    *q = unchecked_div(a, b);
    *r = unchecked_div(a, c);
}
