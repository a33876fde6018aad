//! The traversal stack used by queries and ray casts.
//!
//! Queries take `&self`, so they cannot borrow a scratch buffer from the tree,
//! and allocating per query would dominate the cost of small queries. A fixed
//! array on the call stack covers every realistic tree: the tree is kept
//! AVL-balanced, so its height is below 1.44·log2(n), and a depth-first walk
//! never holds more than height + 1 entries — 64 slots serve trees of far more
//! than a billion proxies. Should a tree ever be deeper anyway (only a bug in
//! the balancing could do that), the stack spills to a heap `Vec` rather than
//! failing.

const INLINE: usize = 64;

pub(super) struct NodeStack {
    inline: [u32; INLINE],
    len: usize,
    spill: Vec<u32>,
}

impl NodeStack {
    #[inline]
    pub(super) fn new() -> NodeStack {
        NodeStack {
            inline: [0; INLINE],
            len: 0,
            spill: Vec::new(),
        }
    }

    #[inline(always)]
    pub(super) fn push(&mut self, v: u32) {
        if self.len < INLINE {
            self.inline[self.len] = v;
        } else {
            self.spill.push(v);
        }
        self.len += 1;
    }

    #[inline(always)]
    pub(super) fn pop(&mut self) -> Option<u32> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        if self.len < INLINE {
            Some(self.inline[self.len])
        } else {
            self.spill.pop()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spills_past_inline_capacity_and_stays_lifo() {
        let mut s = NodeStack::new();
        for i in 0..200 {
            s.push(i);
        }
        for i in (0..200).rev() {
            assert_eq!(s.pop(), Some(i));
        }
        assert_eq!(s.pop(), None);
    }
}
