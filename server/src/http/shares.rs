//! Fair shares of a bounded resource among client addresses: each client may hold at most `cap`
//! units at once, so one client that asks for as much as it can fills only its own share. A client
//! holding nothing has no entry, so the map never outgrows what is held.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

pub struct Shares {
    held: Mutex<HashMap<IpAddr, usize>>,
    cap: usize,
}

/// One unit of a client's share, given back when dropped (however the work holding it ends).
pub struct Share {
    shares: Arc<Shares>,
    client: IpAddr,
}

impl Shares {
    pub fn new(cap: usize) -> Arc<Self> {
        Arc::new(Self { held: Mutex::new(HashMap::new()), cap: cap.max(1) })
    }

    /// One more unit for `client`, or None when it already holds its whole share.
    pub fn take(self: &Arc<Self>, client: IpAddr) -> Option<Share> {
        let mut held = self.held.lock().expect("never poisoned");
        let count = held.entry(client).or_insert(0);
        if *count >= self.cap {
            return None;
        }
        *count += 1;
        Some(Share { shares: self.clone(), client })
    }

    /// How many clients hold a unit now.
    #[cfg(test)]
    pub fn clients(&self) -> usize {
        self.held.lock().expect("never poisoned").len()
    }
}

impl Drop for Share {
    fn drop(&mut self) {
        let mut held = self.shares.held.lock().expect("never poisoned");
        if let Some(count) = held.get_mut(&self.client) {
            *count -= 1;
            if *count == 0 {
                held.remove(&self.client);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_holds_at_most_its_cap_and_gets_units_back_when_dropped() {
        let shares = Shares::new(2);
        let (one, two) = (IpAddr::from([192, 0, 2, 1]), IpAddr::from([192, 0, 2, 2]));
        let first = shares.take(one).expect("a first unit");
        let second = shares.take(one).expect("a second unit");
        assert!(shares.take(one).is_none(), "the third is beyond the share");
        let other = shares.take(two).expect("another client's share is its own");
        assert_eq!(shares.clients(), 2);
        drop(first);
        let again = shares.take(one).expect("a unit given back can be taken again");
        drop((second, again, other));
        assert_eq!(shares.clients(), 0, "clients holding nothing leave no entry");
    }
}
