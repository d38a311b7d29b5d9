//! Memory as LangRef describes it, small enough to run thousands of times: *objects* (globals,
//! functions, allocas, `malloc`'d buffers, the objects a harness gives pointer arguments), each
//! at a base address with a size, holding *bytes* that are poison, an integer byte, or one byte
//! of a stored pointer (so a pointer loaded back keeps its provenance).
//!
//! Addresses are handed out in increasing order with a gap between objects, so one past the end
//! of an object is never inside another, and every address is below 2^32 (32-bit address spaces
//! work too). An object is aligned to its alignment but *not* to twice it, so an access that
//! claims more alignment than its object gives is caught. Bytes live in chunks made on first
//! touch from the object's [`Init`], so a 2 MiB global costs nothing until it is read.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::ir::{Layout, ObjId};
use super::value::{from_signed, mask, Ptr, Ub, Value};

/// One byte of memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Byte {
    Poison,
    Int(u8),
    /// Byte `part` (little-endian) of a stored pointer.
    Ptr {
        ptr: Ptr,
        part: u8,
    },
}

impl Byte {
    /// The integer this byte reads as: a pointer byte gives its address's byte.
    pub fn as_int(self) -> Option<u8> {
        match self {
            Byte::Int(b) => Some(b),
            Byte::Ptr { ptr, part } => Some(ptr.addr.to_le_bytes()[usize::from(part)]),
            Byte::Poison => None,
        }
    }
}

/// What an object holds before anything is stored.
#[derive(Clone, Debug)]
pub enum Init {
    Zero,
    /// Uninitialized memory (`undef`: read as poison).
    Poison,
    /// Given bytes (a global's initializer), the rest zero.
    Bytes(Arc<Vec<Byte>>),
    /// Deterministic pseudo-random integer bytes from a seed.
    Pattern(u64),
    /// Every 8-byte slot `k` holds pointer `k % len` of the list.
    Pointers(Arc<Vec<Ptr>>),
}

impl Init {
    fn byte(&self, offset: u64) -> Byte {
        match self {
            Init::Zero => Byte::Int(0),
            Init::Poison => Byte::Poison,
            Init::Bytes(b) => usize::try_from(offset)
                .ok()
                .and_then(|i| b.get(i).copied())
                .unwrap_or(Byte::Int(0)),
            Init::Pattern(seed) => {
                let word = splitmix(seed.wrapping_add(offset / 8));
                Byte::Int(word.to_le_bytes()[usize::try_from(offset % 8).expect("below 8")])
            }
            Init::Pointers(list) => {
                let n = u64::try_from(list.len()).expect("list lengths fit in u64");
                if n == 0 {
                    return Byte::Int(0);
                }
                let k = usize::try_from((offset / 8) % n).expect("an index below the length");
                Byte::Ptr {
                    ptr: list[k],
                    part: u8::try_from(offset % 8).expect("below 8"),
                }
            }
        }
    }
}

fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Which address spaces reach which objects: what a target's alias analysis may assume, and
/// so what a program may do. On a GPU a pointer of a specific address space points into that
/// space only (a pointer into shared memory never reaches global memory); a generic (0) one
/// may point anywhere. Accessing an object through a pointer of a space that cannot reach it
/// is undefined behaviour (the program broke the target's rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spaces {
    /// One memory (the host): every space reaches every object.
    Flat,
    /// NVPTX: 1 global, 3 shared, 4 constant, 5 local, 7 shared-cluster (holds shared).
    Nvptx,
    /// AMDGPU: 1 global, 3 LDS, 4 and 6 constant (global memory), 5 private.
    Amdgpu,
}

impl Spaces {
    pub fn of_triple(triple: &str) -> Spaces {
        if triple.starts_with("nvptx") {
            Spaces::Nvptx
        } else if triple.starts_with("amdgcn") || triple.starts_with("r600") {
            Spaces::Amdgpu
        } else {
            Spaces::Flat
        }
    }

    /// Whether objects living in `home` are read-only (constant memory): storing there is
    /// undefined behaviour, as the targets' alias analyses assume.
    pub fn read_only(self, home: u32) -> bool {
        match self {
            Spaces::Flat => false,
            Spaces::Nvptx => matches!(home, 4 | 101),
            Spaces::Amdgpu => matches!(home, 4 | 6),
        }
    }

    /// Whether a pointer of address space `space` may access an object living in `home`.
    pub fn reaches(self, space: u32, home: u32) -> bool {
        if self == Spaces::Flat || space == home || space == 0 || home == 0 {
            return true;
        }
        match self {
            Spaces::Nvptx => space == 7 && home == 3,
            Spaces::Amdgpu => {
                let global = |s: u32| matches!(s, 1 | 4 | 6);
                global(space) && global(home)
            }
            Spaces::Flat => true,
        }
    }
}

/// What kind of object, for reports and for `free`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    Global(String),
    Function(String),
    Alloca(String),
    Heap,
    /// The object behind pointer argument `n` of the function under test.
    Argument(usize),
}

const CHUNK: u64 = 256;

#[derive(Clone, Debug)]
pub struct Object {
    pub base: u64,
    pub size: u64,
    pub kind: Kind,
    /// The address space the object lives in (0: unknown, reachable from every space).
    pub home: u32,
    pub readonly: bool,
    pub alive: bool,
    init: Init,
    chunks: BTreeMap<u64, Box<[Byte]>>,
}

impl Object {
    fn byte(&self, offset: u64) -> Byte {
        match self.chunks.get(&(offset / CHUNK)) {
            Some(c) => c[usize::try_from(offset % CHUNK).expect("below the chunk size")],
            None => self.init.byte(offset),
        }
    }

    fn set(&mut self, offset: u64, b: Byte) {
        let (k, i) = (
            offset / CHUNK,
            usize::try_from(offset % CHUNK).expect("below the chunk size"),
        );
        let init = &self.init;
        let chunk = self.chunks.entry(k).or_insert_with(|| {
            (0..CHUNK)
                .map(|j| init.byte(k * CHUNK + j))
                .collect::<Vec<_>>()
                .into_boxed_slice()
        });
        chunk[i] = b;
    }

    /// The bytes that may differ from the initial contents: every byte of every chunk touched.
    pub fn touched(&self) -> Vec<(u64, Byte)> {
        let mut out = Vec::new();
        for (&k, chunk) in &self.chunks {
            for (j, &b) in chunk.iter().enumerate() {
                let off = k * CHUNK + u64::try_from(j).expect("chunk index fits in u64");
                if off < self.size {
                    out.push((off, b));
                }
            }
        }
        out
    }

    /// Starts the object over with `init` as its contents.
    pub fn reset(&mut self, init: Init) {
        self.init = init;
        self.chunks.clear();
    }

    /// The byte at `offset` (initial or stored).
    pub fn byte_at(&self, offset: u64) -> Byte {
        self.byte(offset)
    }
}

/// All objects of one run.
#[derive(Clone, Debug)]
pub struct Memory {
    pub objects: Vec<Object>,
    pub spaces: Spaces,
    /// (base, id) of every object, sorted by base.
    by_base: Vec<(u64, ObjId)>,
    next: u64,
}

/// Where the first static object goes, where objects made at run time go (the same for a
/// source and a target module, whatever globals each has), and the gap after each object.
const FIRST_ADDRESS: u64 = 0x1000_0000;
pub const HEAP_START: u64 = 0x8000_0000;
const HEAP_END: u64 = 0xF000_0000;
const GAP: u64 = 0x1000;

/// The base of the next object of `size` and `align` after `next`: aligned to `align`, not to
/// `2 * align` (for alignments below 4096), and returns the address after it.
pub fn place(next: u64, size: u64, align: u64) -> (u64, u64) {
    let align = align.max(1);
    let mut base = next.div_ceil(align) * align;
    if align < 4096 && base.is_multiple_of(2 * align) {
        base += align;
    }
    (base, base + size.max(1) + GAP)
}

/// Where static objects start.
pub fn first_address() -> u64 {
    FIRST_ADDRESS
}

impl Memory {
    /// Memory holding the static objects of a module; run-time objects go from `heap_start`.
    pub fn new(spaces: Spaces) -> Memory {
        Memory {
            objects: Vec::new(),
            spaces,
            by_base: Vec::new(),
            next: HEAP_START,
        }
    }

    /// Adds a static object at a known base, below [`HEAP_START`] (ids follow the module's
    /// order; bases need not).
    pub fn add_static(
        &mut self,
        base: u64,
        size: u64,
        kind: Kind,
        home: u32,
        readonly: bool,
        init: Init,
    ) {
        let id = self.objects.len();
        let at = self.by_base.partition_point(|&(b, _)| b < base);
        self.by_base.insert(at, (base, id));
        self.objects.push(Object {
            base,
            size,
            kind,
            home,
            readonly,
            alive: true,
            init,
            chunks: BTreeMap::new(),
        });
    }

    /// A new object after every existing one; returns its id.
    pub fn alloc(
        &mut self,
        size: u64,
        align: u64,
        kind: Kind,
        home: u32,
        init: Init,
    ) -> Result<ObjId, Ub> {
        let (base, next) = place(self.next, size, align);
        if next >= HEAP_END {
            return Err(Ub(format!(
                "out of memory: an object of {size} bytes does not fit below 2^32"
            )));
        }
        self.next = next;
        self.by_base.push((base, self.objects.len()));
        self.objects.push(Object {
            base,
            size,
            kind,
            home,
            readonly: self.spaces.read_only(home),
            alive: true,
            init,
            chunks: BTreeMap::new(),
        });
        Ok(self.objects.len() - 1)
    }

    /// The pointer to the start of object `id`.
    pub fn start(&self, id: ObjId) -> Ptr {
        Ptr {
            prov: Some(id),
            addr: self.objects[id].base,
        }
    }

    /// The object whose `[base, base + size]` holds `addr` (the provenance an integer gets).
    pub fn find(&self, addr: u64) -> Option<ObjId> {
        let i = self.by_base.partition_point(|&(b, _)| b <= addr);
        let (_, id) = self.by_base[i.checked_sub(1)?];
        let o = &self.objects[id];
        (addr - o.base <= o.size).then_some(id)
    }

    /// Whether `p` points into its object or one past its end.
    pub fn in_bounds(&self, p: Ptr) -> bool {
        p.prov.is_some_and(|id| {
            let o = &self.objects[id];
            p.addr >= o.base && p.addr - o.base <= o.size
        })
    }

    /// Checks that `n` bytes at `p`, a pointer of address space `space`, may be accessed;
    /// returns the object and offset.
    fn access(
        &self,
        p: Ptr,
        n: u64,
        align: u64,
        write: bool,
        space: u32,
    ) -> Result<(ObjId, u64), Ub> {
        let Some(id) = p.prov else {
            return Err(Ub(format!(
                "access to {n} bytes at {:#x}, a pointer with no object (null or made from an \
                 integer outside every object)",
                p.addr
            )));
        };
        let o = &self.objects[id];
        if !o.alive {
            return Err(Ub(format!("access to {:?} after its lifetime", o.kind)));
        }
        if p.addr < o.base || p.addr - o.base > o.size || o.size - (p.addr - o.base) < n {
            return Err(Ub(format!(
                "access to {n} bytes at offset {} of {:?} ({} bytes): out of bounds",
                i128::from(p.addr) - i128::from(o.base),
                o.kind,
                o.size
            )));
        }
        if align > 1 && !p.addr.is_multiple_of(align) {
            return Err(Ub(format!(
                "access with align {align} at offset {} of {:?}, address {:#x} is not aligned",
                p.addr - o.base,
                o.kind,
                p.addr
            )));
        }
        if !self.spaces.reaches(space, o.home) {
            return Err(Ub(format!(
                "access to {:?}, which lives in addrspace({}), through a pointer of \
                 addrspace({space})",
                o.kind, o.home
            )));
        }
        if write && o.readonly {
            return Err(Ub(format!(
                "store to constant {:?} (addrspace({}))",
                o.kind, o.home
            )));
        }
        Ok((id, p.addr - o.base))
    }

    pub fn read(&self, p: Ptr, n: u64, align: u64, space: u32) -> Result<Vec<Byte>, Ub> {
        let (id, off) = self.access(p, n, align, false, space)?;
        let o = &self.objects[id];
        Ok((off..off + n).map(|i| o.byte(i)).collect())
    }

    pub fn write(&mut self, p: Ptr, bytes: &[Byte], align: u64, space: u32) -> Result<(), Ub> {
        let n = u64::try_from(bytes.len()).expect("lengths fit in u64");
        let (id, off) = self.access(p, n, align, true, space)?;
        let o = &mut self.objects[id];
        for (i, b) in (off..).zip(bytes) {
            o.set(i, *b);
        }
        Ok(())
    }

    /// Reads a NUL-terminated string at `p` (for `printf`).
    pub fn c_string(&self, p: Ptr, space: u32) -> Result<String, Ub> {
        let mut out = Vec::new();
        let mut at = p;
        loop {
            let b = self.read(at, 1, 1, space)?[0];
            match b.as_int() {
                Some(0) => break,
                Some(c) => out.push(c),
                None => return Err(Ub("printf reads a poison byte of a string".to_string())),
            }
            at.addr += 1;
            if out.len() > 4096 {
                return Err(Ub("string longer than 4096 bytes".to_string()));
            }
        }
        Ok(String::from_utf8_lossy(&out).into_owned())
    }

    /// How many objects are static (globals and functions): those below [`HEAP_START`].
    pub fn statics(&self) -> usize {
        self.objects.iter().filter(|o| o.base < HEAP_START).count()
    }

    /// Ends the lifetime of object `id` (a returning function's allocas, `free`).
    pub fn kill(&mut self, id: ObjId) {
        self.objects[id].alive = false;
    }

    /// The bytes of `value` laid out as `layout`.
    pub fn encode(value: &Value, layout: &Layout) -> Vec<Byte> {
        let n = usize::try_from(layout.store_size()).expect("sizes fit in usize");
        match (layout, value) {
            (_, Value::Poison) => vec![Byte::Poison; n],
            (Layout::Int { .. }, Value::Int { val, .. }) => (0..n)
                .map(|i| Byte::Int(u8::try_from((val >> (8 * i)) & 0xFF).expect("a byte")))
                .collect(),
            (Layout::Ptr { .. }, Value::Ptr(p)) => (0..n)
                .map(|i| Byte::Ptr {
                    ptr: *p,
                    part: u8::try_from(i).expect("pointers are at most 8 bytes"),
                })
                .collect(),
            (Layout::Vector { elem, .. }, Value::Vector(lanes)) => {
                lanes.iter().flat_map(|l| Memory::encode(l, elem)).collect()
            }
            (Layout::Aggregate { members, size }, Value::Aggregate(vals)) => {
                let mut out = vec![Byte::Poison; usize::try_from(*size).expect("fits")];
                for ((off, l), v) in members.iter().zip(vals) {
                    let at = usize::try_from(*off).expect("offsets fit in usize");
                    for (i, b) in Memory::encode(v, l).into_iter().enumerate() {
                        out[at + i] = b;
                    }
                }
                out
            }
            _ => vec![Byte::Poison; n],
        }
    }

    /// The value `bytes` hold as `layout`. An integer with a poison byte is poison; a pointer
    /// is the stored pointer when its bytes are one pointer's, in order, else the integer they
    /// spell with the provenance of the object at that address.
    pub fn decode(&self, bytes: &[Byte], layout: &Layout) -> Value {
        match layout {
            Layout::Int { bits, .. } => {
                let mut val = 0u128;
                for (i, b) in bytes.iter().enumerate() {
                    match b.as_int() {
                        Some(x) => val |= u128::from(x) << (8 * i),
                        None => return Value::Poison,
                    }
                }
                Value::int(*bits, val & mask(*bits))
            }
            Layout::Ptr { space, .. } => {
                if let Some(Byte::Ptr { ptr, .. }) = bytes.first() {
                    let same = bytes.iter().enumerate().all(|(i, b)| {
                        matches!(b, Byte::Ptr { ptr: q, part } if q == ptr && usize::from(*part) == i)
                    });
                    if same {
                        return Value::Ptr(self.typed(*ptr, *space));
                    }
                }
                let mut addr = 0u64;
                for (i, b) in bytes.iter().enumerate().take(8) {
                    match b.as_int() {
                        Some(x) => addr |= u64::from(x) << (8 * i),
                        None => return Value::Poison,
                    }
                }
                let p = Ptr {
                    prov: self.find(addr),
                    addr,
                };
                Value::Ptr(self.typed(p, *space))
            }
            Layout::Vector { lanes, elem } => {
                let w = usize::try_from(elem.store_size()).expect("fits");
                Value::Vector(
                    (0..usize::try_from(*lanes).expect("fits"))
                        .map(|i| self.decode(&bytes[i * w..(i + 1) * w], elem))
                        .collect(),
                )
            }
            Layout::Aggregate { members, .. } => Value::Aggregate(
                members
                    .iter()
                    .map(|(off, l)| {
                        let at = usize::try_from(*off).expect("fits");
                        let w = usize::try_from(l.store_size()).expect("fits");
                        self.decode(&bytes[at..at + w], l)
                    })
                    .collect(),
            ),
            Layout::Void => Value::Void,
        }
    }

    /// `p` as a pointer of address space `space`: without provenance when its object lives
    /// in a space that `space` cannot reach. On a GPU the pointer's bits would be an address
    /// in `space`, not in the object's memory: a pointer loaded, cast or made from an integer
    /// as `ptr addrspace(3)` is a shared-memory pointer, whatever the bits meant elsewhere.
    pub fn typed(&self, p: Ptr, space: u32) -> Ptr {
        match p.prov {
            Some(id) if !self.spaces.reaches(space, self.objects[id].home) => Ptr {
                prov: None,
                addr: p.addr,
            },
            _ => p,
        }
    }

    /// A pointer made from the integer `addr` (`inttoptr`): the object there, if any.
    pub fn ptr_at(&self, addr: u128) -> Ptr {
        let addr = u64::try_from(addr & u128::from(u64::MAX)).expect("masked to 64 bits");
        Ptr {
            prov: self.find(addr),
            addr,
        }
    }

    /// `addr + delta`, wrapping in 64 bits.
    pub fn offset(addr: u64, delta: i128) -> u64 {
        let sum = i128::from(addr).wrapping_add(delta);
        u64::try_from(from_signed(sum, 64)).expect("masked to 64 bits")
    }
}
