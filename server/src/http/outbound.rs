//! Requests this server makes to addresses its users give it (a browser's push service): only to
//! public addresses over HTTPS, each name resolved once and refused when it leads to a loopback,
//! private or link-local address, and no redirect followed. `OUTBOUND_PRIVATE=on` lifts the
//! address and scheme rules, for tests whose receivers listen on loopback.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use reqwest::Url;
use reqwest::dns::{Addrs, Name, Resolve, Resolving};

/// Why an address is refused.
pub const NOT_PUBLIC: &str = "it is not a public https:// address";

/// Whether a request may go to `url`: HTTPS to a name or a public address; with `allow_private`,
/// plain HTTP and any address too.
pub fn check(url: &Url, allow_private: bool) -> Result<(), &'static str> {
    let scheme_fits = url.scheme() == "https" || (allow_private && url.scheme() == "http");
    if !scheme_fits || url.host_str().is_none_or(str::is_empty) || !url.username().is_empty() {
        return Err(NOT_PUBLIC);
    }
    let literal = match url.host() {
        Some(url::Host::Ipv4(ip)) => Some(IpAddr::V4(ip)),
        Some(url::Host::Ipv6(ip)) => Some(IpAddr::V6(ip)),
        _ => None,
    };
    match literal {
        Some(ip) if !allow_private && !is_public(ip) => Err(NOT_PUBLIC),
        _ => Ok(()),
    }
}

/// A client for such requests: each attempt bounded by `timeout`, no redirects, and names resolved
/// to public addresses only (unless `allow_private`).
pub fn client(allow_private: bool, timeout: Duration) -> reqwest::Client {
    let builder = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(timeout)
        .connect_timeout(timeout)
        .user_agent("jobportal");
    let builder = if allow_private { builder } else { builder.dns_resolver(Arc::new(PublicOnly)) };
    builder.build().expect("the outbound client's settings are valid")
}

/// Resolves a name once, keeping only its public addresses; none left is an error, so the request
/// fails before it connects.
struct PublicOnly;

impl Resolve for PublicOnly {
    fn resolve(&self, name: Name) -> Resolving {
        Box::pin(async move {
            let found = tokio::net::lookup_host((name.as_str(), 0)).await?;
            let public: Vec<SocketAddr> = found.filter(|address| is_public(address.ip())).collect();
            if public.is_empty() {
                return Err(format!("{} resolves to no public address", name.as_str()).into());
            }
            Ok(Box::new(public.into_iter()) as Addrs)
        })
    }
}

/// An address on the public internet: not loopback, private, link-local, shared (CGNAT),
/// unspecified, broadcast, multicast or reserved for documentation, in IPv4 or IPv6 (an IPv4
/// address inside IPv6 is judged as the IPv4 one).
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(ip) => is_public_v4(ip),
        IpAddr::V6(ip) => match ip.to_ipv4_mapped() {
            Some(v4) => is_public_v4(v4),
            None => is_public_v6(ip),
        },
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, ..] = ip.octets();
    !(ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_broadcast()
        || ip.is_multicast()
        || ip.is_documentation()
        || a == 0
        // Shared address space (RFC 6598) and the reserved 240/4.
        || (a == 100 && (64..128).contains(&b))
        || a >= 240)
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let first = ip.segments()[0];
    !(ip.is_loopback()
        || ip.is_unspecified()
        || ip.is_multicast()
        // Unique local (fc00::/7), link-local (fe80::/10), documentation (2001:db8::/32).
        || (first & 0xfe00) == 0xfc00
        || (first & 0xffc0) == 0xfe80
        || (first == 0x2001 && ip.segments()[1] == 0x0db8)
        // IPv4-compatible and NAT64 forms carry an IPv4 address that is judged above only when mapped.
        || (first == 0x0064 && ip.segments()[1] == 0xff9b))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn loopback_private_link_local_and_shared_addresses_are_not_public() {
        for address in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "255.255.255.255",
            "::1",
            "fd00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
            "::ffff:169.254.169.254",
            "64:ff9b::7f00:1",
        ] {
            assert!(!is_public(ip(address)), "{address} is not public");
        }
        for address in ["142.250.74.202", "2a00:1450:4001:82b::200a", "::ffff:8.8.8.8"] {
            assert!(is_public(ip(address)), "{address} is public");
        }
    }

    #[test]
    fn only_https_to_a_name_or_public_address_is_allowed_unless_private_is_allowed() {
        let url = |text: &str| Url::parse(text).unwrap();
        assert_eq!(check(&url("https://fcm.googleapis.com/fcm/send/x"), false), Ok(()));
        assert_eq!(check(&url("http://fcm.googleapis.com/fcm/send/x"), false), Err(NOT_PUBLIC));
        assert_eq!(check(&url("https://169.254.169.254/latest"), false), Err(NOT_PUBLIC));
        assert_eq!(check(&url("https://[::1]:8443/x"), false), Err(NOT_PUBLIC));
        assert_eq!(check(&url("https://user:pw@push.example.com/x"), false), Err(NOT_PUBLIC));
        assert_eq!(check(&url("ftp://push.example.com/x"), true), Err(NOT_PUBLIC));
        assert_eq!(check(&url("http://127.0.0.1:8090/notify/x"), true), Ok(()));
    }
}
