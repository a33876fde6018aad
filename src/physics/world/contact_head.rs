//! A contact's head: the few fields of a `Contact` the narrow phase reads
//! of every contact every step, kept in an array of their own beside the
//! contacts (`World::heads`, same index), 32 bytes a contact instead of the
//! record's 320.
//!
//! Why: a settled pile's contacts are mostly pairs of bodies that do not
//! move, and a moving pile's are mostly pairs whose fat boxes overlap while
//! the shapes are out of each other's reach (a tumbler: 16,000 of 24,000).
//! Neither needs anything of the contact but which shapes and bodies it
//! joins; streaming the whole records to learn that was a tenth of
//! many_pyramids' narrow phase (2.8 → 2.5 ms a step; rain 1.79 → 1.70).
//! The tumbler's got 5 % slower (1.28–1.29 → 1.35–1.39 ms): a third of its
//! contacts are within reach, and reaching their records here and there
//! costs more than streaming all of them did.
//! `blank` says when a pair found out of reach again has nothing to write
//! either, so its record is not touched at all.
//!
//! The head copies what never changes after a contact is made (ids, the
//! sensor and round flags); `blank` is the narrow phase's own note. Heads
//! are not in snapshots: a restored world rebuilds them from its contacts
//! (`check_restored.rs`), every one not blank until its first step.

use crate::physics::math::Vec2;
use crate::physics::world::contact::Contact;
use crate::physics::world::id::ShapeId;

#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(C, align(32))]
pub(crate) struct ContactHead {
    pub shape_a: ShapeId,
    pub shape_b: ShapeId,
    pub body_a: u32,
    pub body_b: u32,
    pub sensor: bool,
    pub round: bool,
    /// The contact's manifold is the empty default and it is not touching,
    /// as the narrow phase left it: finding the pair out of reach again
    /// would write nothing (`Contact::update`), so the record is not read.
    /// False whenever unsure (a new head, a restored one).
    pub blank: bool,
}

const _: () = assert!(std::mem::size_of::<ContactHead>() == 32);

impl ContactHead {
    /// The head of `c`, not known to be blank.
    pub fn of(c: &Contact) -> ContactHead {
        ContactHead {
            shape_a: c.shape_a,
            shape_b: c.shape_b,
            body_a: c.body_a,
            body_b: c.body_b,
            sensor: c.sensor,
            round: c.round,
            blank: false,
        }
    }

    /// Is `c` (this head's contact) blank now?
    pub fn is_blank(c: &Contact) -> bool {
        c.manifold.count == 0 && c.manifold.normal == Vec2::ZERO && !c.touching
    }
}

#[cfg(test)]
mod tests {
    use super::ContactHead;
    use crate::physics::geometry::shape::{Polygon, ShapeGeom};
    use crate::physics::math::Vec2;
    use crate::physics::settings::WorldSettings;
    use crate::physics::world::body::{BodyDef, BodyType, ShapeDef};
    use crate::physics::world::id::BodyId;
    use crate::physics::world::World;

    fn body(w: &mut World, def: BodyDef, hx: f64, hy: f64) -> BodyId {
        let b = w.create_body(&def).unwrap();
        let geom = ShapeGeom::Polygon(Polygon::make_box(hx, hy));
        w.add_shape(
            b,
            &ShapeDef {
                geom,
                ..Default::default()
            },
        )
        .unwrap();
        b
    }

    /// A bin of small boxes stirred by a spinning paddle: pairs come and go
    /// every step (contacts made, torn apart and swapped into place).
    fn stirred_bin() -> (World, Vec<BodyId>) {
        let mut w = World::new(WorldSettings::default());
        let wall = |x: f64, y: f64| BodyDef {
            body_type: BodyType::Static,
            position: Vec2::new(x, y),
            ..Default::default()
        };
        body(&mut w, wall(0.0, -0.5), 5.0, 0.5);
        body(&mut w, wall(-5.5, 5.0), 0.5, 5.0);
        body(&mut w, wall(5.5, 5.0), 0.5, 5.0);
        let paddle = BodyDef {
            body_type: BodyType::Kinematic,
            position: Vec2::new(0.0, 2.5),
            angular_velocity: 2.0,
            ..Default::default()
        };
        body(&mut w, paddle, 3.0, 0.2);
        let mut boxes = Vec::new();
        for k in 0..400 {
            let at = Vec2::new(-4.5 + 0.45 * (k % 20) as f64, 0.4 + 0.45 * (k / 20) as f64);
            let def = BodyDef {
                position: at,
                ..Default::default()
            };
            boxes.push(body(&mut w, def, 0.125, 0.125));
        }
        (w, boxes)
    }

    /// Every head copies its contact, and every blank one is blank.
    /// Returns how many heads are blank.
    fn check_heads(w: &World) -> usize {
        assert_eq!(w.heads.len(), w.contacts.len());
        let mut blank = 0;
        for (h, c) in w.heads.iter().zip(&w.contacts) {
            assert_eq!(
                ContactHead {
                    blank: h.blank,
                    ..ContactHead::of(c)
                },
                *h
            );
            if h.blank {
                assert!(ContactHead::is_blank(c), "{h:?} over {c:?}");
                blank += 1;
            }
        }
        blank
    }

    /// The heads follow their contacts through pairs made and torn apart,
    /// bodies destroyed under their contacts, and a snapshot restored just
    /// after (its heads rebuilt); the restored world steps on exactly as
    /// the original.
    #[test]
    fn heads_follow_their_contacts() {
        let (mut w, boxes) = stirred_bin();
        let mut most_blank = 0;
        for step in 0..150 {
            w.step(1.0 / 60.0);
            most_blank = most_blank.max(check_heads(&w));
            if step % 30 == 29 {
                w.destroy_body(boxes[step * 2]).unwrap();
            }
        }
        // The shortcut is taken: many of a stirred pile's pairs are out of
        // reach.
        assert!(
            most_blank > w.contacts.len() / 10,
            "{most_blank} of {}",
            w.contacts.len()
        );
        let mut restored = World::from_snapshot(&w.to_snapshot()).unwrap();
        assert_eq!(check_heads(&restored), 0, "restored heads are never blank");
        for _ in 0..30 {
            w.step(1.0 / 60.0);
            restored.step(1.0 / 60.0);
            check_heads(&restored);
        }
        assert_eq!(w.state_hash(), restored.state_hash());
    }
}
