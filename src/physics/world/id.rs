//! Generational ids. An id names a slot and the generation it was issued in;
//! once the object is destroyed the slot's generation moves on, so a stale id
//! is detected (an error value) instead of silently naming a new object.

use crate::physics::error::{PhysicsError, PhysicsResult};
use serde::{Deserialize, Serialize};

macro_rules! define_id {
    ($name:ident, $what:literal) => {
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
        )]
        pub struct $name {
            pub index: u32,
            pub generation: u32,
        }

        impl $name {
            pub const WHAT: &'static str = $what;
        }
    };
}

define_id!(BodyId, "body");
define_id!(ShapeId, "shape");
define_id!(JointId, "joint");

/// A slot in an arena: the object (if alive) and the generation counter.
/// The generation first (`repr(C)`): a lookup by id reads it with the
/// object's front, in one cache line (left to the compiler, it went after
/// the object, a line of its own for every shape of every contact the
/// narrow phase checks).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[repr(C)]
pub struct Slot<T> {
    pub generation: u32,
    pub value: Option<T>,
}

/// Storage with stable indices and generation checks. Freed slots are reused
/// last-in first-out, which is deterministic and part of snapshots.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Arena<T> {
    pub slots: Vec<Slot<T>>,
    free: Vec<u32>,
    live: usize,
}

impl<T> Default for Arena<T> {
    fn default() -> Self {
        Arena {
            slots: Vec::new(),
            free: Vec::new(),
            live: 0,
        }
    }
}

impl<T> Arena<T> {
    /// Ask the cache ahead of time for the first `bytes` of the object in
    /// slot `index` and its generation (nothing if there is no such slot):
    /// for loops that reach big objects by index and read only their front.
    #[inline(always)]
    pub fn prefetch_front(&self, index: u32, bytes: usize) {
        if let Some(slot) = self.slots.get(index as usize) {
            let front = std::mem::offset_of!(Slot<T>, value) + bytes;
            crate::physics::prefetch::prefetch_front(slot, front);
        }
    }

    /// Store a value; returns (index, generation).
    pub fn insert(&mut self, value: T) -> (u32, u32) {
        self.live += 1;
        if let Some(index) = self.free.pop() {
            let slot = &mut self.slots[index as usize];
            slot.value = Some(value);
            (index, slot.generation)
        } else {
            self.slots.push(Slot {
                generation: 1,
                value: Some(value),
            });
            ((self.slots.len() - 1) as u32, 1)
        }
    }

    /// Remove the value at a live (index, generation).
    pub fn remove(&mut self, index: u32, generation: u32) -> Option<T> {
        let slot = self.slots.get_mut(index as usize)?;
        if slot.generation != generation || slot.value.is_none() {
            return None;
        }
        slot.generation = slot.generation.wrapping_add(1).max(1);
        self.free.push(index);
        self.live -= 1;
        slot.value.take()
    }

    #[inline]
    pub fn get(&self, index: u32, generation: u32) -> Option<&T> {
        let slot = self.slots.get(index as usize)?;
        if slot.generation == generation {
            slot.value.as_ref()
        } else {
            None
        }
    }

    #[inline]
    pub fn get_mut(&mut self, index: u32, generation: u32) -> Option<&mut T> {
        let slot = self.slots.get_mut(index as usize)?;
        if slot.generation == generation {
            slot.value.as_mut()
        } else {
            None
        }
    }

    /// Access by index alone, for internal links that are kept consistent.
    #[inline(always)]
    pub fn at(&self, index: u32) -> &T {
        self.slots[index as usize]
            .value
            .as_ref()
            .expect("internal index refers to a live slot")
    }

    #[inline(always)]
    pub fn at_mut(&mut self, index: u32) -> &mut T {
        self.slots[index as usize]
            .value
            .as_mut()
            .expect("internal index refers to a live slot")
    }

    #[inline]
    pub fn generation_of(&self, index: u32) -> u32 {
        self.slots[index as usize].generation
    }

    pub fn len(&self) -> usize {
        self.live
    }

    pub fn is_empty(&self) -> bool {
        self.live == 0
    }

    /// Live values with their indices, in index order (deterministic).
    pub fn iter(&self) -> impl Iterator<Item = (u32, &T)> {
        self.slots
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.value.as_ref().map(|v| (i as u32, v)))
    }

    pub fn iter_mut(&mut self) -> impl Iterator<Item = (u32, &mut T)> {
        self.slots
            .iter_mut()
            .enumerate()
            .filter_map(|(i, s)| s.value.as_mut().map(|v| (i as u32, v)))
    }

    /// Number of slots (live or free): the bound for index-based tables.
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// Check an arena read from a file (`path` names it in the error): the
    /// free list holds exactly the empty slots, each once, and the live
    /// count is recomputed (it is derived). A free list naming a live slot
    /// would hand it out twice; one naming slot 4294967295 would panic.
    pub fn check_restored(&mut self, path: &str) -> Result<(), String> {
        let mut listed = vec![false; self.slots.len()];
        for (k, &index) in self.free.iter().enumerate() {
            let at = format!("{path}.free[{k}]");
            let Some(slot) = self.slots.get(index as usize) else {
                return Err(format!(
                    "{at}: slot {index} out of range (there are {} slots)",
                    self.slots.len()
                ));
            };
            if slot.value.is_some() {
                return Err(format!("{at}: slot {index} is in use, not free"));
            }
            if std::mem::replace(&mut listed[index as usize], true) {
                return Err(format!("{at}: slot {index} is listed twice"));
            }
        }
        for (index, slot) in self.slots.iter().enumerate() {
            if slot.value.is_none() && !listed[index] {
                return Err(format!(
                    "{path}.slots[{index}]: an empty slot missing from the free list"
                ));
            }
        }
        self.live = self.slots.iter().filter(|s| s.value.is_some()).count();
        Ok(())
    }

    /// Is `index` a live slot of generation `generation`? (For checks of
    /// ids read from a file.)
    pub fn is_live(&self, index: u32, generation: u32) -> bool {
        self.get(index, generation).is_some()
    }
}

/// Error for an id that names nothing alive.
pub fn stale(what: &str, index: u32, generation: u32) -> PhysicsError {
    PhysicsError::StaleId(format!(
        "{what} {index}#{generation} no longer exists (it was destroyed)"
    ))
}

pub fn require<T>(v: Option<T>, what: &str, index: u32, generation: u32) -> PhysicsResult<T> {
    v.ok_or_else(|| stale(what, index, generation))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stale_ids_are_detected() {
        let mut a: Arena<i32> = Arena::default();
        let (i, g) = a.insert(5);
        assert_eq!(a.get(i, g), Some(&5));
        assert_eq!(a.remove(i, g), Some(5));
        assert_eq!(a.get(i, g), None);
        let (i2, g2) = a.insert(7);
        assert_eq!(i2, i);
        assert_ne!(g2, g);
        assert_eq!(a.get(i, g), None);
        assert_eq!(a.remove(i, g), None);
        assert_eq!(a.len(), 1);
    }
}
