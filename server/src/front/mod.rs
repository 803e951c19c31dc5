//! What meets a connection first: the accept loop with its bounds (`connections`), and the answers
//! sent before the stack of layers (`kept`), which exist only for speed (docs/architecture.md#speed).

pub mod connections;
pub mod kept;
