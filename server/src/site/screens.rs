//! What the app shows at a path (`Screen`), as its router routes it, and which paths are the app's
//! own private screens.

use super::pages::{PublicScreen, SITE_PAGES};

/// Whether `path` is one of the app's own screens (login, signup, the dashboard…), which are
/// someone's own or a step on the way, not content a search engine should list.
pub(super) fn private(path: &str) -> bool {
    let lower = path.trim_end_matches('/').to_ascii_lowercase();
    SITE_PAGES.app_screens.iter().any(|screen| lower == *screen || lower.starts_with(&format!("{screen}/")))
}

/// A path segment as the browser meant it (`r%26d-labs` is `r&d-labs`); `None` when its escapes
/// are not UTF-8.
pub(super) fn percent_decoded(segment: &str) -> Option<String> {
    percent_encoding::percent_decode_str(segment).decode_utf8().ok().map(|decoded| decoded.into_owned())
}

/// What the app shows at a path, as src/app/routes.tsx routes it (a test keeps the two in step).
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Screen<'a> {
    Job(&'a str),
    Category(&'a str),
    /// A company's page, by its slug.
    Company(&'a str),
    /// One of the app's screens; a public one with its path, title and description.
    App(Option<&'static PublicScreen>),
    /// The app's not-found page.
    Missing,
}

pub(super) fn screen(path: &str) -> Screen<'_> {
    let path = if path.len() > 1 { path.trim_end_matches('/') } else { path };
    // The app's routes match without regard to case.
    let lower = path.to_ascii_lowercase();
    let site = &*SITE_PAGES;
    if let Some(public) = site.public_screens.iter().find(|screen| screen.path == lower) {
        return Screen::App(Some(public));
    }
    let one_segment = |prefix: &str| {
        lower.starts_with(prefix).then(|| &path[prefix.len()..]).filter(|rest| !rest.is_empty() && !rest.contains('/'))
    };
    if let Some(id) = one_segment("/job/") {
        return Screen::Job(id);
    }
    if let Some(slug) = one_segment("/category/") {
        return Screen::Category(slug);
    }
    if let Some(slug) = one_segment("/company/") {
        return Screen::Company(slug);
    }
    let under = |screen: &str| lower == screen || lower.strip_prefix(screen).is_some_and(|rest| rest.starts_with('/'));
    let app = site.app_screens.iter().any(|screen| match screen.as_str() {
        // The dashboard, the reset links and the invitation links own everything below them.
        "/dashboard" | "/update-password" | "/invitations" => under(screen),
        _ => lower == *screen,
    });
    if app || site.footer_pages().any(|page| lower.strip_prefix('/') == Some(page)) {
        return Screen::App(None);
    }
    Screen::Missing
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_segment_is_percent_decoded_as_utf8() {
        assert_eq!(percent_decoded("r%26d-labs").as_deref(), Some("r&d-labs"));
        assert_eq!(percent_decoded("caf%C3%A9").as_deref(), Some("café"));
        assert_eq!(percent_decoded("100%").as_deref(), Some("100%"), "a lone % is itself");
        assert_eq!(percent_decoded("%FF"), None);
        assert_eq!(percent_decoded("%+1").as_deref(), Some("%+1"), "two hex digits, no sign");
    }

    #[test]
    fn each_path_is_the_screen_the_app_routes_it_to() {
        assert_eq!(screen("/job/0193abc"), Screen::Job("0193abc"));
        assert_eq!(screen("/Job/0193ABC/"), Screen::Job("0193ABC"), "any case, the id as written");
        assert_eq!(screen("/job/a/b"), Screen::Missing);
        assert_eq!(screen("/job"), Screen::Missing);
        assert_eq!(screen("/category/human-resource"), Screen::Category("human-resource"));
        assert_eq!(screen("/company/acme-robotics"), Screen::Company("acme-robotics"));
        assert_eq!(screen("/company/a/b"), Screen::Missing);
        assert_eq!(screen("/"), Screen::App(Some(&SITE_PAGES.public_screens[0])));
        assert!(
            matches!(screen("/JOBS"), Screen::App(Some(PublicScreen { path, title, .. })) if path == "/jobs" && title == "Jobs | jobportal")
        );
        assert_eq!(screen("/dashboard/anything/below"), Screen::App(None));
        assert_eq!(screen("/update-password/abc"), Screen::App(None));
        assert_eq!(screen("/invitations/0a1b2c"), Screen::App(None));
        assert_eq!(screen("/career-paths"), Screen::App(None));
        assert_eq!(screen("/dashboardx"), Screen::Missing);
        assert_eq!(screen("/favicon.ico"), Screen::Missing);
        assert_eq!(screen("/no-such-page"), Screen::Missing);
    }

    /// Every page of the list the web app reads too is a screen here (the app's own test checks
    /// that each route of its table is in the list).
    #[test]
    fn every_listed_page_is_a_screen() {
        let site = &*SITE_PAGES;
        let mut listed: Vec<String> = site.footer_pages().map(|slug| format!("/{slug}")).collect();
        assert_eq!(listed.len(), 44, "the footer's pages were read");
        listed.extend(site.public_screens.iter().map(|screen| screen.path.clone()));
        listed.extend(site.app_screens.iter().cloned());
        // A prefix screen (`/job/`) is a screen with one segment below it.
        let below =
            |path: &str| if path != "/" && path.ends_with('/') { format!("{path}x1") } else { path.to_string() };
        listed.extend(site.preloads.iter().map(|preload| below(&preload.path)));
        for path in listed {
            assert_ne!(screen(&path), Screen::Missing, "{path}");
        }
    }
}
