//! physbox adapter for the comparison bench. The scene builders themselves
//! live in the library (`physbox::testbed::bench`) so tests share them.

use physbox::physics::{BodyId, StepProfile, World, WorldSettings};
use physbox::testbed::bench::*;

use super::scenes::enable_sleep;
use super::Engine;
use super::Scene;

// ---------------------------------------------------------------------------
// Bench adapter.
// ---------------------------------------------------------------------------

pub struct PhysboxEngine {
    world: World,
    scene: Scene,
    bodies: Vec<BodyId>,
    step_index: usize,
    profile: StepProfile,
}

impl PhysboxEngine {
    pub fn new(scene: Scene) -> PhysboxEngine {
        PhysboxEngine::with_seams(scene, true)
    }

    /// `smooth_seams` false: the engine `physbox-ns`, with no seam
    /// handling (`WorldSettings::smooth_seams`), so that a ball rolling
    /// over rain's tiled shelves catches on the tiles' corners as it does
    /// in Box2D: the same motion compared, not only the same scene.
    pub fn with_seams(scene: Scene, smooth_seams: bool) -> PhysboxEngine {
        let mut world = World::new(WorldSettings {
            smooth_seams,
            ..settings(enable_sleep(scene))
        });
        let bodies = match scene {
            Scene::LargePyramid => large_pyramid(&mut world),
            Scene::ManyPyramids => many_pyramids(&mut world),
            Scene::Rain => {
                rain_setup(&mut world);
                Vec::new()
            }
            Scene::Tumbler => tumbler(&mut world),
            Scene::JointGrid => joint_grid(&mut world),
            other => physbox::testbed::bench::scene(&mut world, &other.desc()),
        };
        PhysboxEngine {
            world,
            scene,
            bodies,
            step_index: 0,
            profile: StepProfile::default(),
        }
    }
}

impl Engine for PhysboxEngine {
    fn name(&self) -> &str {
        if self.world.settings.smooth_seams {
            "physbox"
        } else {
            "physbox-ns"
        }
    }

    fn step(&mut self) {
        if self.scene == Scene::Rain {
            let new = rain_step(&mut self.world, self.step_index);
            self.bodies.extend(new);
        }
        self.world.step(DT);
        self.profile.accumulate(self.world.profile());
        self.step_index += 1;
    }

    fn stages(&self) -> Vec<(&'static str, f64)> {
        let p = &self.profile;
        vec![
            ("step", p.step),
            ("pairs", p.pairs),
            ("collide", p.collide),
            ("solver_setup", p.solver_setup),
            ("setup_bodies", p.setup_bodies),
            ("setup_islands", p.setup_islands),
            ("setup_contacts", p.setup_contacts),
            ("substeps", p.substeps),
            ("finish", p.finish),
            ("write_back", p.write_back),
            ("sleep", p.sleep),
            ("events", p.events),
        ]
    }

    fn awake(&self) -> Option<usize> {
        Some(self.world.awake_body_count())
    }

    fn notes(&self) -> String {
        let p = &self.profile;
        // Every pair the broad phase made a contact of, touching or not
        // (what Box2D's counters count too).
        let contacts = format!(
            "contacts at the end: {} ({} touching); awake bodies: {}",
            self.world.contacts().len(),
            self.world.contact_count(),
            self.world.awake_body_count()
        );
        let updated = p.manifolds_computed + p.manifolds_kept;
        if updated == 0 {
            return contacts;
        }
        format!(
            "{contacts}; manifolds: {} computed, {} kept ({:.0} % of those updated; `world/manifold_reuse.rs`)",
            p.manifolds_computed,
            p.manifolds_kept,
            100.0 * p.manifolds_kept as f64 / updated as f64
        )
    }

    fn body_count(&self) -> usize {
        self.bodies.len()
    }

    fn poses(&mut self) -> Vec<[f64; 3]> {
        self.bodies
            .iter()
            .map(|&id| {
                let b = self.world.body(id).expect("body");
                [b.xf.p.x, b.xf.p.y, b.xf.q.angle()]
            })
            .collect()
    }
}
