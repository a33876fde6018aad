//! The benchmark's scene list and sleep settings. The geometry itself is
//! engine-neutral and lives in the library (`physbox::testbed::bench_scenes`),
//! shared by every engine adapter here and by physbox's tests.

pub use physbox::testbed::bench_scenes::*;

/// `--sleep on|off` overrides every scene's sleep setting (0 = scene default,
/// 1 = off, 2 = on). Box2D's definitions: pyramids and joint_grid off, rain
/// and tumbler on; the sandbox-sized scenes off (every step pays in full).
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
    // Box2D v3's benchmarks.
    LargePyramid,
    ManyPyramids,
    Rain,
    Tumbler,
    JointGrid,
    // Sandbox-sized scenes.
    BallPit(usize),
    BoxPile,
    Ragdolls,
    Chain,
    Cradles,
    Mixed,
}

impl Scene {
    /// Box2D v3's own benchmark scenes (`big`).
    pub const BIG: [Scene; 5] = [
        Scene::LargePyramid,
        Scene::ManyPyramids,
        Scene::Rain,
        Scene::Tumbler,
        Scene::JointGrid,
    ];

    /// The scenes people write in a sandbox (`sandbox`).
    pub const SANDBOX: [Scene; 9] = [
        Scene::BallPit(50),
        Scene::BallPit(200),
        Scene::BallPit(800),
        Scene::BallPit(2000),
        Scene::BoxPile,
        Scene::Ragdolls,
        Scene::Chain,
        Scene::Cradles,
        Scene::Mixed,
    ];

    pub fn all() -> Vec<Scene> {
        Scene::SANDBOX.into_iter().chain(Scene::BIG).collect()
    }

    pub fn name(self) -> String {
        match self {
            Scene::LargePyramid => "large_pyramid".into(),
            Scene::ManyPyramids => "many_pyramids".into(),
            Scene::Rain => "rain".into(),
            Scene::Tumbler => "tumbler".into(),
            Scene::JointGrid => "joint_grid".into(),
            Scene::BallPit(200) => "ball_pit".into(),
            Scene::BallPit(n) => format!("ball_pit_{n}"),
            Scene::BoxPile => "box_pile".into(),
            Scene::Ragdolls => "ragdolls".into(),
            Scene::Chain => "chain".into(),
            Scene::Cradles => "cradles".into(),
            Scene::Mixed => "mixed".into(),
        }
    }

    /// A scene by name, or a group: `big`, `sandbox`, `ball_pit_N` for any N.
    pub fn parse(s: &str) -> Option<Vec<Scene>> {
        match s {
            "big" => return Some(Scene::BIG.to_vec()),
            "sandbox" => return Some(Scene::SANDBOX.to_vec()),
            _ => {}
        }
        if let Some(n) = s.strip_prefix("ball_pit_").and_then(|n| n.parse().ok()) {
            return Some(vec![Scene::BallPit(n)]);
        }
        Scene::all()
            .into_iter()
            .find(|sc| sc.name() == s)
            .map(|sc| vec![sc])
    }

    /// Total steps per run: Box2D's benchmark driver's count for its scenes
    /// (`benchmark/main.c`: large_pyramid 500, many_pyramids 200, rain 1000,
    /// tumbler 750, joint_grid 500); 600 (10 s) for the sandbox scenes.
    pub fn default_steps(self) -> usize {
        match self {
            Scene::LargePyramid => 500,
            Scene::ManyPyramids => 200,
            Scene::Rain => 1000,
            Scene::Tumbler => 750,
            Scene::JointGrid => 500,
            _ => 600,
        }
    }

    pub fn desc(self) -> SceneDesc {
        let mut d = match self {
            Scene::LargePyramid => large_pyramid(),
            Scene::ManyPyramids => many_pyramids(),
            Scene::Rain => rain(),
            Scene::Tumbler => tumbler(),
            Scene::JointGrid => joint_grid(),
            Scene::BallPit(n) => ball_pit(n),
            Scene::BoxPile => box_pile(),
            Scene::Ragdolls => ragdolls(),
            Scene::Chain => chain(),
            Scene::Cradles => cradles(),
            Scene::Mixed => mixed(),
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
