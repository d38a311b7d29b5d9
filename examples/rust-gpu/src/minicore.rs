//! The lang items and intrinsics the kernels use: the smallest core this
//! crate can be built on (no standard library exists for nvptx64 here).
#![allow(dead_code)]

#[lang = "pointee_sized"]
pub trait PointeeSized {}
#[lang = "meta_sized"]
pub trait MetaSized: PointeeSized {}
#[lang = "sized"]
pub trait Sized: MetaSized {}
#[lang = "copy"]
pub trait Copy {}

#[lang = "add"]
pub trait Add<Rhs = Self> {
    type Output;
    fn add(self, rhs: Rhs) -> Self::Output;
}
#[lang = "mul"]
pub trait Mul<Rhs = Self> {
    type Output;
    fn mul(self, rhs: Rhs) -> Self::Output;
}

macro_rules! arith {
    ($($t:ty)*) => {$(
        impl Copy for $t {}
        impl Add for $t {
            type Output = $t;
            #[inline(always)]
            fn add(self, rhs: $t) -> $t { self + rhs }
        }
        impl Mul for $t {
            type Output = $t;
            #[inline(always)]
            fn mul(self, rhs: $t) -> $t { self * rhs }
        }
    )*};
}
arith!(u32 u64 usize isize f32);

impl<T: PointeeSized> Copy for *const T {}
impl<T: PointeeSized> Copy for *mut T {}

/// `x / y`; `y == 0` (or `MIN / -1`) is undefined behaviour.
#[rustc_intrinsic]
pub unsafe fn unchecked_div<T: Copy>(x: T, y: T) -> T;

/// `dst` moved by `offset` elements (a `getelementptr inbounds`).
#[rustc_intrinsic]
pub unsafe fn offset<Ptr, Delta>(dst: Ptr, offset: Delta) -> Ptr;
