//! A world read from a snapshot file is untrusted input: people edit and
//! share them. Before the world is used every reference is checked (ids,
//! counts, the broad-phase trees, contacts, islands, joints) and every
//! number is held to a range; what is purely derived is rebuilt instead of
//! trusted (the pair lookup map, the arenas' live counts, each body's mass
//! data from its shapes — the same arithmetic that made them, so a good
//! file continues bit for bit). An edited field used to panic (index out of
//! bounds, `clamp` with min > max) or abort (a 274 GB allocation).
//!
//! Errors name the field as a path into the file (`world.bodies.slots[3].
//! value.xf.q: not a rotation`). Joints are checked in `check_joints.rs`.

use crate::physics::broad_phase::ProxyKey;
use crate::physics::geometry::shape::{Polygon, ShapeGeom, MAX_POLYGON_VERTICES};
use crate::physics::math::{cross, Real, Rot, Vec2};
use crate::physics::settings::{MAX_ANGULAR_SPEED, MAX_COORDINATE, MAX_LINEAR_SPEED};
use crate::physics::world::bodies::proxy_kind;
use crate::physics::world::body::{Body, Shape};
use crate::physics::world::contact::{should_collide, Contact};
use crate::physics::world::hash::{pair_key, PairMap};
use crate::physics::world::id::ShapeId;
use crate::physics::world::manifold_reuse::ManifoldBasis;
use crate::physics::world::sleeping_islands::NO_ISLAND;
use crate::physics::world::World;

/// Local coordinates of shape points (m): a shape may sit anywhere a body
/// may, relative to its body.
pub(crate) const LOCAL: Real = 4.0 * MAX_COORDINATE;
/// Sizes (m): radii of circles and rounded corners.
const SIZE: Real = 1.0e6;

/// `path: v is out of range (lo to hi)` unless `lo <= v <= hi`.
pub(crate) fn within(path: &str, v: Real, lo: Real, hi: Real) -> Result<(), String> {
    if (lo..=hi).contains(&v) {
        Ok(())
    } else {
        Err(format!("{path}: {v:e} is out of range ({lo:e} to {hi:e})"))
    }
}

pub(crate) fn within_vec(path: &str, v: Vec2, bound: Real) -> Result<(), String> {
    within(&format!("{path}[0]"), v.x, -bound, bound)?;
    within(&format!("{path}[1]"), v.y, -bound, bound)
}

fn rotation(path: &str, q: Rot) -> Result<(), String> {
    let len2 = q.c * q.c + q.s * q.s;
    if (len2 - 1.0).abs() <= 1e-6 {
        Ok(())
    } else {
        Err(format!(
            "{path}: not a rotation (c² + s² = {len2:e}, not 1)"
        ))
    }
}

impl World {
    /// Check a world deserialised from a snapshot file; rebuild what is
    /// derived. On error the world must be dropped.
    pub fn check_restored(&mut self) -> Result<(), String> {
        self.check_settings()?;
        within("world.time", self.time, 0.0, 1e15)?;
        if !self.clock.plausible(self.steps) {
            // Counted again from the time read.
            self.clock = Default::default();
        }
        self.bodies.check_restored("world.bodies")?;
        self.shapes.check_restored("world.shapes")?;
        self.joints.arena.check_restored("world.joints.arena")?;
        for (index, body) in self.bodies.iter() {
            self.check_body(index, body)?;
        }
        // Snapshots written when the trees kept `f64` boxes: each shape's
        // copy of its fat box is taken as the tree now keeps it.
        for (_, shape) in self.shapes.iter_mut() {
            if self.broad_phase.contains(shape.proxy) {
                let tree = self.broad_phase.fat_aabb(shape.proxy);
                if tree == self.broad_phase.stored_box(&shape.fat_aabb) {
                    shape.fat_aabb = tree;
                }
            }
        }
        for (index, shape) in self.shapes.iter() {
            self.check_shape(index, shape)?;
        }
        let listed: usize = self.bodies.iter().map(|(_, b)| b.shapes.len()).sum();
        if listed != self.shapes.len() {
            return Err(format!(
                "world.shapes: {} shapes, but the bodies list {listed}",
                self.shapes.len()
            ));
        }
        self.broad_phase.check_restored("world.broad_phase")?;
        if self.broad_phase.live_proxies() != self.shapes.len() {
            return Err(format!(
                "world.broad_phase: {} proxies for {} shapes",
                self.broad_phase.live_proxies(),
                self.shapes.len()
            ));
        }
        self.pair_map = self.checked_contacts()?;
        self.check_bases()?;
        self.check_islands()?;
        self.check_joints()?;
        self.recompute_mass_data()?;
        Ok(())
    }

    fn check_settings(&self) -> Result<(), String> {
        let s = &self.settings;
        let at = |f: &str| format!("world.settings.{f}");
        within_vec(&at("gravity"), s.gravity, 1e6)?;
        if !(1..=64).contains(&s.substeps) {
            return Err(format!(
                "{}: {} is out of range (1 to 64)",
                at("substeps"),
                s.substeps
            ));
        }
        within(&at("contact_hertz"), s.contact_hertz, 1e-3, 1e6)?;
        within(
            &at("contact_damping_ratio"),
            s.contact_damping_ratio,
            0.0,
            1e6,
        )?;
        within(&at("contact_push_speed"), s.contact_push_speed, 0.0, 1e6)?;
        within(
            &at("restitution_threshold"),
            s.restitution_threshold,
            0.0,
            1e6,
        )
    }

    fn check_body(&self, index: u32, b: &Body) -> Result<(), String> {
        let at = |f: &str| format!("world.bodies.slots[{index}].value.{f}");
        within_vec(&at("xf.p"), b.xf.p, MAX_COORDINATE)?;
        rotation(&at("xf.q"), b.xf.q)?;
        rotation(&at("q0"), b.q0)?;
        within_vec(&at("center"), b.center, 2.0 * LOCAL)?;
        within_vec(&at("center0"), b.center0, 2.0 * LOCAL)?;
        within_vec(&at("linear_velocity"), b.linear_velocity, MAX_LINEAR_SPEED)?;
        within(
            &at("angular_velocity"),
            b.angular_velocity,
            -MAX_ANGULAR_SPEED,
            MAX_ANGULAR_SPEED,
        )?;
        within_vec(&at("force"), b.force, 1e30)?;
        within(&at("torque"), b.torque, -1e30, 1e30)?;
        if let Some(m) = b.mass_override {
            within(&at("mass_override"), m, 1e-9, 1e15)?;
        }
        within(&at("linear_damping"), b.linear_damping, 0.0, 1e6)?;
        within(&at("angular_damping"), b.angular_damping, 0.0, 1e6)?;
        within(&at("gravity_scale"), b.gravity_scale, -1e3, 1e3)?;
        within(&at("sleep_time"), b.sleep_time, 0.0, 1e15)?;
        within(&at("rest_speed"), b.rest_speed, 0.0, 1e15)?;
        for (k, s) in b.shapes.iter().enumerate() {
            let ok = self.shapes.is_live(s.index, s.generation)
                && self.shapes.at(s.index).body.index == index
                && !b.shapes[..k].contains(s);
            if !ok {
                return Err(format!(
                    "{}: shape {}#{} is not a live shape of this body (or is listed twice)",
                    at(&format!("shapes[{k}]")),
                    s.index,
                    s.generation
                ));
            }
        }
        let island = b.sleep_island;
        if island != NO_ISLAND && island as usize >= self.sleeping.islands.len() {
            return Err(format!(
                "{}: island {island} out of range",
                at("sleep_island")
            ));
        }
        Ok(())
    }

    fn check_shape(&self, index: u32, s: &Shape) -> Result<(), String> {
        let at = |f: &str| format!("world.shapes.slots[{index}].value.{f}");
        if !self.bodies.is_live(s.body.index, s.body.generation) {
            return Err(format!(
                "{}: body {}#{} does not exist",
                at("body"),
                s.body.index,
                s.body.generation
            ));
        }
        check_geom(&at("geom"), &s.geom)?;
        within(&at("density"), s.density, 0.0, 1e12)?;
        within(&at("friction"), s.friction, 0.0, 1e3)?;
        within(&at("static_friction"), s.static_friction, 0.0, 1e3)?;
        within(&at("restitution"), s.restitution, 0.0, 1e3)?;
        within_vec(&at("aabb.min"), s.aabb.min, 2.0 * LOCAL)?;
        within_vec(&at("aabb.max"), s.aabb.max, 2.0 * LOCAL)?;
        let body = self.bodies.at(s.body.index);
        let key: ProxyKey = s.proxy;
        let ok = key.kind() == proxy_kind(body.body_type)
            && self.broad_phase.proxy_user(key) == Some(index as u64)
            && self.broad_phase.fat_aabb(key) == s.fat_aabb;
        if !ok {
            return Err(format!(
                "{}: {} is not this shape's proxy in the broad phase",
                at("proxy"),
                key.raw()
            ));
        }
        Ok(())
    }

    /// Contacts checked; the pair map (a pure index of them) rebuilt.
    fn checked_contacts(&self) -> Result<PairMap<u32>, String> {
        let mut map = PairMap::default();
        for (k, c) in self.contacts.iter().enumerate() {
            let at = format!("world.contacts[{k}]");
            self.check_contact(&at, c)?;
            if map
                .insert(pair_key(c.shape_a.index, c.shape_b.index), k as u32)
                .is_some()
            {
                return Err(format!("{at}: a second contact for the same two shapes"));
            }
        }
        Ok(map)
    }

    /// One basis per contact, each finite if valid. A snapshot from before
    /// the bases were kept beside the contacts has none: each contact gets
    /// an invalid one (its first step computes the manifold). Each
    /// contact's `round` (not in snapshots) from its shapes, and its head
    /// (`contact_head.rs`) from it.
    fn check_bases(&mut self) -> Result<(), String> {
        if self.bases.is_empty() {
            self.bases.resize(self.contacts.len(), Default::default());
        }
        if self.bases.len() != self.contacts.len() {
            return Err(format!(
                "world.bases: {} bases for {} contacts",
                self.bases.len(),
                self.contacts.len()
            ));
        }
        for (k, (c, basis)) in self.contacts.iter_mut().zip(&mut self.bases).enumerate() {
            if basis.valid && !basis.is_finite() {
                return Err(format!("world.bases[{k}]: not finite"));
            }
            let (sa, sb) = (c.shape_a, c.shape_b);
            // A dead contact's (its shape gone) is never read.
            if let (Some(sa), Some(sb)) = (
                self.shapes.get(sa.index, sa.generation),
                self.shapes.get(sb.index, sb.generation),
            ) {
                c.derive_from_shapes(sa, sb);
                // The reach is the shapes' (`ManifoldBasis::reach_for`),
                // made again from them: an edited snapshot cannot make a
                // kept manifold's bound lie.
                basis.reach = ManifoldBasis::reach_of(&sa.geom, &sb.geom);
            }
        }
        self.rebuild_heads();
        Ok(())
    }

    fn check_contact(&self, at: &str, c: &Contact) -> Result<(), String> {
        let live = |id: ShapeId| self.shapes.is_live(id.index, id.generation);
        if !live(c.shape_a) || !live(c.shape_b) {
            // A body destroyed since the last step leaves its contacts for
            // the next narrow phase to drop (waking what rested on them),
            // as the original world's would: all that needs is their
            // bodies' slots.
            for (field, body) in [("body_a", c.body_a), ("body_b", c.body_b)] {
                if body as usize >= self.bodies.capacity() {
                    return Err(format!("{at}.{field}: no body slot {body}"));
                }
            }
            return Ok(());
        }
        let (sa, sb) = (
            self.shapes.at(c.shape_a.index),
            self.shapes.at(c.shape_b.index),
        );
        if c.body_a != sa.body.index || c.body_b != sb.body.index {
            return Err(format!(
                "{at}.body_a: the bodies are not the shapes' bodies"
            ));
        }
        let (ba, bb) = (self.bodies.at(c.body_a), self.bodies.at(c.body_b));
        if c.shape_a == c.shape_b || !should_collide(sa, sb, ba, bb) {
            return Err(format!("{at}: these two shapes never collide"));
        }
        if c.sensor != (sa.sensor || sb.sensor)
            || c.radius_a != sa.geom.rounding()
            || c.radius_b != sb.geom.rounding()
        {
            return Err(format!(
                "{at}: does not match its shapes (sensor, radius_a, radius_b)"
            ));
        }
        if c.manifold.count > 2 {
            return Err(format!(
                "{at}.manifold.count: {} is out of range (0 to 2)",
                c.manifold.count
            ));
        }
        within(&format!("{at}.friction"), c.friction, 0.0, 1e3)?;
        within(
            &format!("{at}.static_friction"),
            c.static_friction,
            0.0,
            1e3,
        )?;
        within(&format!("{at}.restitution"), c.restitution, 0.0, 1e3)?;
        for (i, p) in c.manifold.points.iter().enumerate() {
            let pat = format!("{at}.manifold.points[{i}]");
            within(
                &format!("{pat}.normal_impulse"),
                p.normal_impulse,
                -1e30,
                1e30,
            )?;
            within(
                &format!("{pat}.tangent_impulse"),
                p.tangent_impulse,
                -1e30,
                1e30,
            )?;
            // A point's load is an impulse it carried, never negative: a
            // negative one would warm-start the bodies towards each other.
            within(&format!("{pat}.load"), p.load as Real, 0.0, 1e30)?;
        }
        Ok(())
    }

    fn check_islands(&self) -> Result<(), String> {
        self.sleeping.check_free("world.sleeping")?;
        let mut seen = vec![false; self.bodies.capacity()];
        let mut listed = 0usize;
        for (i, list) in self.sleeping.islands.iter().enumerate() {
            for (k, &body) in list.iter().enumerate() {
                let at = format!("world.sleeping.islands[{i}][{k}]");
                let ok = (body as usize) < seen.len()
                    && self.bodies.slots[body as usize].value.is_some()
                    && self.bodies.at(body).sleep_island == i as u32
                    && !std::mem::replace(&mut seen[body as usize], true);
                if !ok {
                    return Err(format!(
                        "{at}: body {body} is not a body of this island (or is listed twice)"
                    ));
                }
                listed += 1;
            }
        }
        let in_islands = self
            .bodies
            .iter()
            .filter(|(_, b)| b.sleep_island != NO_ISLAND)
            .count();
        if in_islands != listed {
            return Err(format!(
                "world.sleeping.islands: {listed} bodies listed, {in_islands} bodies name an island"
            ));
        }
        Ok(())
    }

    /// Mass, centre of mass (local), inertia and extents are a pure
    /// function of the shapes: recompute them (the same arithmetic gives
    /// the same bits for a good file) and keep the integrated centre.
    fn recompute_mass_data(&mut self) -> Result<(), String> {
        let indices: Vec<u32> = self.bodies.iter().map(|(i, _)| i).collect();
        for index in indices {
            let (center, center0) = {
                let b = self.bodies.at(index);
                (b.center, b.center0)
            };
            self.update_mass(index);
            let b = self.bodies.at_mut(index);
            b.center = center;
            b.center0 = center0;
            let finite = [b.mass, b.inv_mass, b.inertia, b.inv_inertia, b.max_extent]
                .iter()
                .all(|x| x.is_finite());
            if !finite || b.inv_mass > 1e15 {
                return Err(format!(
                    "world.bodies.slots[{index}].value: its shapes give no usable mass ({:e} kg)",
                    b.mass
                ));
            }
        }
        Ok(())
    }
}

/// A shape's geometry within range; a polygon convex, counter-clockwise,
/// with the normals and centroid its vertices give.
fn check_geom(at: &str, g: &ShapeGeom) -> Result<(), String> {
    match g {
        ShapeGeom::Circle(c) => {
            within_vec(&format!("{at}.Circle.center"), c.center, LOCAL)?;
            within(&format!("{at}.Circle.radius"), c.radius, 1e-9, SIZE)
        }
        ShapeGeom::Segment(s) => {
            within_vec(&format!("{at}.Segment.a"), s.a, LOCAL)?;
            within_vec(&format!("{at}.Segment.b"), s.b, LOCAL)?;
            if s.a == s.b {
                return Err(format!("{at}.Segment: both ends are the same point"));
            }
            // The seam marks are found again before the first step (a
            // restored world's seams are stale), but must be sane till then.
            for (name, ghost) in [("ghost_a", s.ghost_a), ("ghost_b", s.ghost_b)] {
                if let Some(g) = ghost {
                    within_vec(&format!("{at}.Segment.{name}"), g, LOCAL)?;
                }
            }
            if s.owns > 3 {
                return Err(format!("{at}.Segment.owns: {} is not 0 to 3", s.owns));
            }
            Ok(())
        }
        ShapeGeom::Polygon(p) => {
            let at = format!("{at}.Polygon");
            if !(3..=MAX_POLYGON_VERTICES).contains(&p.count) {
                return Err(format!(
                    "{at}.count: {} is out of range (3 to {MAX_POLYGON_VERTICES})",
                    p.count
                ));
            }
            within(&format!("{at}.radius"), p.radius, 0.0, SIZE)?;
            for (i, v) in p.verts().iter().enumerate() {
                within_vec(&format!("{at}.vertices[{i}]"), *v, LOCAL)?;
            }
            let vs = p.verts();
            let n = vs.len();
            for i in 0..n {
                let (a, b, c) = (vs[i], vs[(i + 1) % n], vs[(i + 2) % n]);
                if cross(b - a, c - b) <= 0.0 {
                    return Err(format!(
                        "{at}.vertices: not convex and counter-clockwise at vertex {}",
                        (i + 1) % n
                    ));
                }
            }
            let fresh = Polygon::from_ccw(vs, p.radius);
            if fresh.normals[..n] != p.normals[..n] || fresh.centroid != p.centroid {
                return Err(format!(
                    "{at}: normals or centroid do not match the vertices"
                ));
            }
            Ok(())
        }
    }
}
