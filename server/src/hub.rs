//! Who to tell, live: every open page's stream subscribes here, and hears the id of each person
//! whose notifications changed. A write on this instance tells it directly; on PostgreSQL every
//! instance also hears every commit through LISTEN/NOTIFY (the trigger on `notifications`), so the
//! page is told whichever instance serves it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{broadcast, watch};

use crate::db::Db;

/// The channel the trigger notifies, with the person's id as the payload.
const CHANNEL: &str = "notifications";

/// Woken for everyone: every open page looks again.
pub const EVERYONE: &str = "*";

/// Streams one person may hold open on one instance (a tab each).
pub const STREAMS_PER_PERSON: usize = 8;

pub struct Hub {
    changed: broadcast::Sender<Arc<str>>,
    open: Mutex<HashMap<String, usize>>,
}

impl Default for Hub {
    fn default() -> Self {
        Self { changed: broadcast::channel(1024).0, open: Mutex::new(HashMap::new()) }
    }
}

/// A stream's place among its person's open streams, given back when the stream ends.
pub struct StreamSlot {
    hub: Arc<Hub>,
    user_id: String,
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        let mut open = self.hub.open.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(count) = open.get_mut(&self.user_id) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.user_id);
            }
        }
    }
}

impl Hub {
    /// `user_id`'s notifications changed: their open pages on this instance are told.
    pub fn wake(&self, user_id: &str) {
        // Nobody listening is no error.
        let _ = self.changed.send(user_id.into());
    }

    pub fn subscribe(&self) -> broadcast::Receiver<Arc<str>> {
        self.changed.subscribe()
    }

    /// A place for one more stream of `user_id`'s, taken at once, or `None` past the limit.
    pub fn open(self: &Arc<Self>, user_id: &str) -> Option<StreamSlot> {
        let mut open = self.open.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let count = open.entry(user_id.to_string()).or_default();
        if *count >= STREAMS_PER_PERSON {
            return None;
        }
        *count += 1;
        Some(StreamSlot { hub: self.clone(), user_id: user_id.to_string() })
    }

    /// On PostgreSQL, listens on a connection of its own until `stopped`, and wakes the pages of
    /// each person notified (reconnecting by itself after an outage). On SQLite there is one
    /// instance, whose writes wake their pages directly.
    pub async fn run(self: Arc<Self>, db: Db, mut stopped: watch::Receiver<bool>) {
        let Db::Postgres(pool) = db else { return };
        loop {
            let listening = async {
                let mut listener = sqlx::postgres::PgListener::connect_with(&pool).await?;
                listener.listen(CHANNEL).await?;
                // Whatever was notified while nobody listened: every open page looks again.
                self.wake(EVERYONE);
                loop {
                    let notification = listener.recv().await?;
                    self.wake(notification.payload());
                }
                #[allow(unreachable_code)]
                Ok::<(), sqlx::Error>(())
            };
            tokio::select! {
                _ = stopped.wait_for(|stopped| *stopped) => return,
                result = listening => if let Err(error) = result {
                    tracing::warn!(%error, "listening for notifications failed; trying again in 1 s");
                },
            }
            tokio::select! {
                _ = stopped.wait_for(|stopped| *stopped) => return,
                _ = tokio::time::sleep(Duration::from_secs(1)) => {}
            }
            if pool.is_closed() {
                return;
            }
        }
    }
}
