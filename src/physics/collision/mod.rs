pub(crate) mod distance;
pub(crate) mod manifold;
pub(crate) mod narrow_phase;
pub(crate) mod ray_cast;
pub(crate) mod seams;
pub(crate) mod time_of_impact;

pub use narrow_phase::collide;
