pub(crate) mod constraint;
pub(crate) mod contact_solver;
pub(crate) mod gather;
pub(crate) mod lanes;
