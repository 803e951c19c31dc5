//! Who belongs to which company, and as what (docs/rules.md#companies): the one place every
//! feature asks, below the features themselves.

pub mod model;
pub mod repo;
