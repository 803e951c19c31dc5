//! Who a request comes from. Behind a proxy every connection is the proxy's, so the proxy's
//! record of the client is read, but only from a peer listed in `TRUSTED_PROXIES`: the client is
//! the rightmost address in `Forwarded` (or, without it, `X-Forwarded-For`) that is not itself a
//! trusted proxy, since each proxy appends the address it saw and only the entries added by our
//! own proxies can be believed. From any other peer the headers are ignored, whatever they say.
//! Every limit keyed by client and the request's log span use this address.

use std::net::IpAddr;

use axum::extract::FromRequestParts;
use axum::http::HeaderMap;
use axum::http::request::Parts;
use forwarded_header_value::{ForwardedHeaderValue, Protocol};
use ipnet::IpNet;

/// The most proxies a request is believed to have passed: a longer chain is read no further.
const MAX_HOPS: usize = 16;

/// The client's address, as `resolve` judged it for the request (an extension the accept loop
/// inserts on every request).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientAddr(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        // Always there when served by `connections::serve`; an unspecified address otherwise.
        Ok(parts.extensions.get::<ClientAddr>().copied().unwrap_or(ClientAddr(IpAddr::from([0, 0, 0, 0]))))
    }
}

/// The scheme the client used, as our proxy saw it: HTTPS when a trusted proxy says so in
/// `Forwarded` (`proto=`) or, without it, `X-Forwarded-Proto`; the nearest proxy's word counts.
/// A connection straight to the server is plain HTTP (the server does not terminate TLS).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Https(pub bool);

/// Whether a request that arrived from `peer` with `headers` reached our proxy over HTTPS.
pub fn https(peer: IpAddr, headers: &HeaderMap, trusted: &[IpNet]) -> Https {
    if !is_trusted(peer.to_canonical(), trusted) {
        return Https(false);
    }
    if headers.contains_key("forwarded") {
        let nearest =
            forwarded_chain(headers).and_then(|chain| chain.iter().next_back().and_then(|hop| hop.forwarded_proto));
        return Https(matches!(nearest, Some(Protocol::Https)));
    }
    let nearest = headers
        .get_all("x-forwarded-proto")
        .iter()
        .filter_map(|line| line.to_str().ok())
        .flat_map(|line| line.split(','))
        .next_back()
        .map(str::trim);
    Https(nearest.is_some_and(|proto| proto.eq_ignore_ascii_case("https")))
}

/// The client of a request that arrived from `peer` with `headers`.
pub fn resolve(peer: IpAddr, headers: &HeaderMap, trusted: &[IpNet]) -> ClientAddr {
    let peer = peer.to_canonical();
    if !is_trusted(peer, trusted) {
        return ClientAddr(peer);
    }
    let Some(chain) = forwarded_chain(headers) else { return ClientAddr(peer) };
    // From the nearest hop outwards: each trusted proxy vouches for the one before it.
    let mut nearest = peer;
    for hop in chain.iter().rev().take(MAX_HOPS) {
        match hop.forwarded_for_ip() {
            Some(address) => {
                let address = address.to_canonical();
                if !is_trusted(address, trusted) {
                    return ClientAddr(address);
                }
                nearest = address;
            }
            // `unknown` or an obfuscated name: the client is not known past this proxy.
            None => break,
        }
    }
    ClientAddr(nearest)
}

pub fn is_trusted(address: IpAddr, trusted: &[IpNet]) -> bool {
    trusted.iter().any(|net| net.contains(&address))
}

/// The proxies' record of the client, `Forwarded` first; every line of the header in order. A
/// value that does not parse is no record at all.
fn forwarded_chain(headers: &HeaderMap) -> Option<ForwardedHeaderValue> {
    let joined = |name: &str| -> Option<String> {
        let lines: Option<Vec<&str>> = headers.get_all(name).iter().map(|line| line.to_str().ok()).collect();
        lines.filter(|lines| !lines.is_empty()).map(|lines| lines.join(","))
    };
    if let Some(forwarded) = joined("forwarded") {
        return ForwardedHeaderValue::from_forwarded(&forwarded).ok();
    }
    ForwardedHeaderValue::from_x_forwarded_for(&joined("x-forwarded-for")?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::parse_trusted;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, value.parse().unwrap());
        }
        map
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn an_untrusted_peer_is_the_client_whatever_its_headers_say() {
        let forged = headers(&[("x-forwarded-for", "203.0.113.9"), ("forwarded", "for=198.51.100.1")]);
        assert_eq!(resolve(ip("192.0.2.7"), &forged, &[]), ClientAddr(ip("192.0.2.7")));
        let trusted = parse_trusted("10.0.0.0/8").unwrap();
        assert_eq!(resolve(ip("192.0.2.7"), &forged, &trusted), ClientAddr(ip("192.0.2.7")));
    }

    #[test]
    fn from_a_trusted_proxy_the_client_is_the_rightmost_untrusted_address() {
        let trusted = parse_trusted("127.0.0.1, 10.0.0.0/8").unwrap();
        let peer = ip("127.0.0.1");
        // The client forged the first entry; our proxies appended the rest.
        let chain = headers(&[("x-forwarded-for", "6.6.6.6, 203.0.113.9, 10.1.2.3")]);
        assert_eq!(resolve(peer, &chain, &trusted), ClientAddr(ip("203.0.113.9")));
        // One header line per proxy reads the same as one line.
        let lines = headers(&[("x-forwarded-for", "6.6.6.6, 203.0.113.9"), ("x-forwarded-for", "10.1.2.3")]);
        assert_eq!(resolve(peer, &lines, &trusted), ClientAddr(ip("203.0.113.9")));
        // Forwarded (RFC 7239) is read first, with its quoted IPv6 and ports.
        let forwarded = headers(&[
            ("forwarded", "for=6.6.6.6, for=\"[2001:db8::17]:4711\";proto=https, for=10.1.2.3"),
            ("x-forwarded-for", "198.51.100.1"),
        ]);
        assert_eq!(resolve(peer, &forwarded, &trusted), ClientAddr(ip("2001:db8::17")));
    }

    #[test]
    fn a_chain_of_trusted_proxies_or_no_record_leaves_the_nearest_proxy() {
        let trusted = parse_trusted("127.0.0.1,10.0.0.0/8").unwrap();
        let peer = ip("127.0.0.1");
        assert_eq!(resolve(peer, &HeaderMap::new(), &trusted), ClientAddr(peer));
        let all_ours = headers(&[("x-forwarded-for", "10.0.0.2, 10.0.0.3")]);
        assert_eq!(resolve(peer, &all_ours, &trusted), ClientAddr(ip("10.0.0.2")));
        let unknown = headers(&[("forwarded", "for=unknown, for=10.0.0.4")]);
        assert_eq!(resolve(peer, &unknown, &trusted), ClientAddr(ip("10.0.0.4")));
        let garbage = headers(&[("x-forwarded-for", "not an address")]);
        assert_eq!(resolve(peer, &garbage, &trusted), ClientAddr(peer));
    }

    #[test]
    fn an_ipv4_peer_seen_as_ipv6_is_matched_as_ipv4() {
        let trusted = parse_trusted("127.0.0.1").unwrap();
        let chain = headers(&[("x-forwarded-for", "203.0.113.9")]);
        assert_eq!(resolve(ip("::ffff:127.0.0.1"), &chain, &trusted), ClientAddr(ip("203.0.113.9")));
    }

    #[test]
    fn only_a_trusted_proxy_says_the_client_used_https() {
        let trusted = parse_trusted("127.0.0.1").unwrap();
        let proxied = headers(&[("x-forwarded-proto", "https")]);
        assert_eq!(https(ip("127.0.0.1"), &proxied, &trusted), Https(true));
        assert_eq!(https(ip("192.0.2.7"), &proxied, &trusted), Https(false), "a client's own word is not believed");
        assert_eq!(https(ip("127.0.0.1"), &HeaderMap::new(), &trusted), Https(false));
        // The nearest proxy's word counts: a client cannot add an earlier "https".
        let chain = headers(&[("x-forwarded-proto", "https, http")]);
        assert_eq!(https(ip("127.0.0.1"), &chain, &trusted), Https(false));
        let forwarded = headers(&[("forwarded", "for=203.0.113.9;proto=https"), ("x-forwarded-proto", "http")]);
        assert_eq!(https(ip("127.0.0.1"), &forwarded, &trusted), Https(true));
    }

    #[test]
    fn trusted_proxies_are_addresses_or_ranges() {
        assert_eq!(parse_trusted("").unwrap(), Vec::<IpNet>::new());
        assert_eq!(
            parse_trusted(" 127.0.0.1 , 10.0.0.0/8,::1").unwrap(),
            ["127.0.0.1/32", "10.0.0.0/8", "::1/128"].map(|net| net.parse::<IpNet>().unwrap())
        );
        assert_eq!(parse_trusted("10.0.0.0/33").unwrap_err(), "\"10.0.0.0/33\" is not an address or a CIDR range");
        assert_eq!(parse_trusted("proxy.local").unwrap_err(), "\"proxy.local\" is not an address or a CIDR range");
    }
}
