//! Names for proxies in the broad phase: which tree (body kind) they live in
//! and their id inside it, packed into one `u32`.

use std::ops::BitOr;

/// The kind of body a proxy belongs to. Each kind has its own tree because
/// the kinds pair differently: static never meets static, kinematic never
/// meets static or kinematic, so those trees need never be searched for them.
#[derive(
    Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum ProxyKind {
    Static = 0,
    Kinematic = 1,
    Dynamic = 2,
}

impl ProxyKind {
    pub const ALL: [ProxyKind; 3] = [ProxyKind::Static, ProxyKind::Kinematic, ProxyKind::Dynamic];

    #[inline]
    pub(super) fn index(self) -> usize {
        self as usize
    }

    /// The trees a moved proxy of this kind must search for new pairs. Order
    /// matters: it is the order pairs are reported in.
    #[inline]
    pub(super) fn partner_kinds(self) -> &'static [ProxyKind] {
        match self {
            ProxyKind::Dynamic => &ProxyKind::ALL,
            ProxyKind::Kinematic | ProxyKind::Static => &[ProxyKind::Dynamic],
        }
    }
}

/// Handle of a broad-phase proxy: `id << 2 | kind`. Keys are unique among
/// live proxies and ordered, which the pair deduplication uses.
#[derive(
    Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct ProxyKey(u32);

impl Default for ProxyKey {
    /// A placeholder key that names no proxy (replaced right after creation).
    fn default() -> Self {
        ProxyKey(u32::MAX)
    }
}

impl ProxyKey {
    /// Only the broad phase mints keys, so every key in the caller's hands has
    /// a valid kind in its low bits.
    #[inline]
    pub(super) fn new(kind: ProxyKind, id: u32) -> ProxyKey {
        debug_assert!(id < (1 << 30), "proxy id {id} does not fit in a key");
        ProxyKey((id << 2) | kind as u32)
    }

    #[inline]
    pub fn kind(self) -> ProxyKind {
        match self.0 & 3 {
            0 => ProxyKind::Static,
            1 => ProxyKind::Kinematic,
            _ => ProxyKind::Dynamic,
        }
    }

    /// The proxy's id inside its kind's tree.
    #[inline]
    pub fn id(self) -> u32 {
        self.0 >> 2
    }

    /// The packed value (stable for the proxy's lifetime; handy for sorting or
    /// as a map key on the caller's side).
    #[inline]
    pub fn raw(self) -> u32 {
        self.0
    }
}

/// A set of proxy kinds, for queries and ray casts.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct KindMask(u8);

impl KindMask {
    #[cfg(test)]
    pub const NONE: KindMask = KindMask(0);
    pub const STATIC: KindMask = KindMask(1);
    #[cfg(test)]
    pub const DYNAMIC: KindMask = KindMask(4);
    pub const ALL: KindMask = KindMask(7);

    #[inline]
    pub fn contains(self, kind: ProxyKind) -> bool {
        self.0 & (1 << kind as u8) != 0
    }
}

impl From<ProxyKind> for KindMask {
    fn from(kind: ProxyKind) -> KindMask {
        KindMask(1 << kind as u8)
    }
}

impl BitOr for KindMask {
    type Output = KindMask;
    fn bitor(self, rhs: KindMask) -> KindMask {
        KindMask(self.0 | rhs.0)
    }
}
