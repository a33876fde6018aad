//! What the step keeps from one step to the next and must rebuild after
//! some edits (or, for the links, after the narrow phase changed them). Every edit that can make one of these caches stale calls the
//! one method named after it (`body_removed`, `body_moved_by_hand`,
//! `body_type_changed`, `shape_added`); the flags are private to this file,
//! and each stage that uses a cache takes its flag (`take_*`).

use crate::physics::world::body::BodyType;
use crate::physics::world::World;

/// Which caches an edit has made stale. Not in snapshots: a restored world
/// starts with all of them stale, like a new one.
#[derive(Clone, Debug)]
pub(crate) struct StaleCaches {
    /// The narrow phase passes over contacts between two bodies that are
    /// not moving (most of a settled pile): an edit that can change such a
    /// contact (a body removed, teleported or retyped) makes the next
    /// narrow phase check every contact.
    contacts: bool,
    /// The list of sensor shapes the sensor sweep checks, made again when
    /// shapes come or go (instead of scanning every shape every step).
    sensors: bool,
    /// The seams between static polygons (`Polygon::flush`) and static
    /// segments (`Segment::ghost_a`, ...), found again when static
    /// geometry changes.
    seams: bool,
    /// `WorldSettings::smooth_seams` as it was when the seams were last
    /// marked (None: never): turning it on or off marks them again.
    seams_smooth: Option<bool>,
    /// The solver's links (the contacts with points, in contact order)
    /// may differ from the last step's: a contact was removed (the last
    /// one takes its index) or gained or lost a point, or every contact
    /// was checked. While it is clear, the links are not collected again
    /// (`solver/islands.rs`).
    links: bool,
}

impl Default for StaleCaches {
    fn default() -> Self {
        StaleCaches {
            contacts: true,
            sensors: true,
            seams: true,
            seams_smooth: None,
            links: true,
        }
    }
}

impl StaleCaches {
    /// Whether the narrow phase must check every contact; cleared.
    pub(crate) fn take_contacts(&mut self) -> bool {
        std::mem::take(&mut self.contacts)
    }

    /// Whether the next narrow phase will check every contact (not
    /// cleared). Contacts of destroyed shapes exist only while this holds:
    /// removing a body sets it, and the narrow phase that clears it drops
    /// them all.
    pub(crate) fn contacts(&self) -> bool {
        self.contacts
    }

    /// Whether the links may have changed since the last step; cleared.
    pub(crate) fn take_links(&mut self) -> bool {
        std::mem::take(&mut self.links)
    }

    /// A contact's point count changed, or a contact was removed.
    pub(crate) fn links_changed(&mut self) {
        self.links = true;
    }

    /// Whether the sensor shapes must be listed again; cleared.
    pub(crate) fn take_sensors(&mut self) -> bool {
        std::mem::take(&mut self.sensors)
    }

    /// Whether the seams must be marked again for `smooth` (the world's
    /// `smooth_seams`): static geometry changed, or the setting did since
    /// they were last marked; cleared.
    pub(crate) fn take_seams(&mut self, smooth: bool) -> bool {
        let setting_changed = self.seams_smooth != Some(smooth);
        self.seams_smooth = Some(smooth);
        std::mem::take(&mut self.seams) || setting_changed
    }
}

impl World {
    /// A body is being destroyed, with its shapes and joints.
    pub(crate) fn body_removed(&mut self, was_static: bool) {
        self.stale.contacts = true;
        self.stale.sensors = true;
        self.stale.seams |= was_static;
    }

    /// A body was put somewhere by hand (not moved by the step).
    pub(crate) fn body_moved_by_hand(&mut self, is_static: bool) {
        self.stale.contacts = true;
        self.stale.seams |= is_static;
    }

    /// A body changed type (its contacts are rebuilt from new pairs).
    pub(crate) fn body_type_changed(&mut self, from: BodyType, to: BodyType) {
        self.stale.contacts = true;
        self.stale.seams |= from == BodyType::Static || to == BodyType::Static;
    }

    /// A shape was added to a body.
    pub(crate) fn shape_added(&mut self, sensor: bool, on_static_body: bool) {
        self.stale.sensors |= sensor;
        self.stale.seams |= on_static_body;
    }
}
