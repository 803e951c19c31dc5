//! The admin console's audit log: every admin action (who, what, on what, when, why) is written to
//! `admin_actions` in the same transaction as the action itself, so an action is never done
//! unrecorded nor recorded undone.

mod model;
pub mod repo;

pub use model::{Action, Entry};
