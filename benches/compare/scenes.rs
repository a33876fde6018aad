//! The benchmark's scene list and sleep settings. The geometry itself is
//! engine-neutral and lives in the library (`physbox::testbed::bench_scenes`),
//! shared by every engine adapter here and by physbox's tests.

pub use physbox::testbed::bench_scenes::*;

/// `--sleep on|off` overrides every scene's sleep setting (0 = scene default,
/// 1 = off, 2 = on). Box2D's definitions: pyramids and joint_grid off, rain
/// and tumbler on.
pub static SLEEP_OVERRIDE: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(0);

/// Sleep setting for `scene`, after any `--sleep` override.
pub fn enable_sleep(scene: Scene) -> bool {
    match SLEEP_OVERRIDE.load(std::sync::atomic::Ordering::Relaxed) {
        1 => false,
        2 => true,
        _ => matches!(scene, Scene::Rain | Scene::Tumbler),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scene {
    LargePyramid,
    ManyPyramids,
    Rain,
    Tumbler,
    JointGrid,
}

impl Scene {
    pub const ALL: [Scene; 5] = [
        Scene::LargePyramid,
        Scene::ManyPyramids,
        Scene::Rain,
        Scene::Tumbler,
        Scene::JointGrid,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Scene::LargePyramid => "large_pyramid",
            Scene::ManyPyramids => "many_pyramids",
            Scene::Rain => "rain",
            Scene::Tumbler => "tumbler",
            Scene::JointGrid => "joint_grid",
        }
    }

    pub fn parse(s: &str) -> Option<Scene> {
        Scene::ALL.into_iter().find(|sc| sc.name() == s)
    }

    /// Total steps Box2D's benchmark driver runs for this scene
    /// (`benchmark/main.c`: large_pyramid 500, many_pyramids 200, rain 1000,
    /// tumbler 750, joint_grid 500).
    pub fn default_steps(self) -> usize {
        match self {
            Scene::LargePyramid => 500,
            Scene::ManyPyramids => 200,
            Scene::Rain => 1000,
            Scene::Tumbler => 750,
            Scene::JointGrid => 500,
        }
    }

    pub fn desc(self) -> SceneDesc {
        let mut d = match self {
            Scene::LargePyramid => large_pyramid(),
            Scene::ManyPyramids => many_pyramids(),
            Scene::Rain => rain(),
            Scene::Tumbler => tumbler(),
            Scene::JointGrid => joint_grid(),
        };
        d.enable_sleep = enable_sleep(self);
        d
    }

    /// Bodies to create just before step `step_index` (only rain spawns).
    pub fn spawn(self, step_index: usize) -> Vec<DynBody> {
        match self {
            Scene::Rain => rain_spawn(step_index),
            _ => Vec::new(),
        }
    }
}
