//! Islands that fell asleep together: a sleeping body knows its island, so
//! waking one body wakes everything it rests on or is joined to.

use serde::{Deserialize, Serialize};

/// Islands that went to sleep together, so waking one body wakes them all.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct SleepingIslands {
    /// Body slot indices per island; an empty list is a free slot.
    pub islands: Vec<Vec<u32>>,
    free: Vec<u32>,
}

/// Marker for bodies that are not in a sleeping island.
pub const NO_ISLAND: u32 = u32::MAX;

impl SleepingIslands {
    pub fn add(&mut self, bodies: Vec<u32>) -> u32 {
        if let Some(i) = self.free.pop() {
            self.islands[i as usize] = bodies;
            i
        } else {
            self.islands.push(bodies);
            (self.islands.len() - 1) as u32
        }
    }

    /// Take the island's bodies out (to wake them).
    pub fn take(&mut self, island: u32) -> Vec<u32> {
        match self.islands.get_mut(island as usize) {
            Some(list) if !list.is_empty() => {
                self.free.push(island);
                std::mem::take(list)
            }
            _ => Vec::new(),
        }
    }

    /// Check the free list of islands read from a file: each free slot
    /// named once and empty.
    pub fn check_free(&self, path: &str) -> Result<(), String> {
        let mut listed = vec![false; self.islands.len()];
        for (k, &i) in self.free.iter().enumerate() {
            let at = format!("{path}.free[{k}]");
            match self.islands.get(i as usize) {
                None => return Err(format!("{at}: island {i} out of range")),
                Some(list) if !list.is_empty() => {
                    return Err(format!("{at}: island {i} is not empty"))
                }
                _ => {}
            }
            if std::mem::replace(&mut listed[i as usize], true) {
                return Err(format!("{at}: island {i} is listed twice"));
            }
        }
        Ok(())
    }

    #[cfg(test)]
    pub fn count(&self) -> usize {
        self.islands.iter().filter(|l| !l.is_empty()).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sleeping_islands_reuse_slots() {
        let mut s = SleepingIslands::default();
        let a = s.add(vec![1, 2]);
        let b = s.add(vec![3]);
        assert_eq!(s.take(a), vec![1, 2]);
        assert!(s.take(a).is_empty());
        let c = s.add(vec![7]);
        assert_eq!(c, a);
        assert_eq!(s.count(), 2);
        assert_eq!(s.take(b), vec![3]);
    }
}
