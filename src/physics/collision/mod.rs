pub mod distance;
pub mod manifold;
pub mod narrow_phase;
pub mod ray_cast;
pub(crate) mod seams;
pub mod time_of_impact;

pub use narrow_phase::collide;
