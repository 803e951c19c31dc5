//! The daily alert: for each of a person's searches with new jobs, the jobs (up to ten) and a link
//! to the search; each search's one-click link to stop its alerts.

use crate::jobs::model::Job;
use crate::mail::{Mail, html_escape};

/// One search's part of an alert.
pub struct Section {
    pub name: String,
    /// Where the search is on the site (`/jobs?...`), absolute.
    pub link: String,
    /// Stops this search's alerts, absolute and signed.
    pub unsubscribe: String,
    pub jobs: Vec<Job>,
    /// How many new jobs matched, shown or not.
    pub total: i64,
    /// Of those, how many an earlier search of the same e-mail lists already.
    pub listed_above: usize,
}

fn rupees(amount: i64) -> String {
    let digits = amount.to_string();
    // Indian grouping: the last three digits, then pairs ("2,40,000").
    let (head, tail) = digits.split_at(digits.len().saturating_sub(3));
    let mut groups: Vec<&str> = Vec::new();
    let mut rest = head;
    while rest.len() > 2 {
        let (front, pair) = rest.split_at(rest.len() - 2);
        groups.insert(0, pair);
        rest = front;
    }
    if !rest.is_empty() {
        groups.insert(0, rest);
    }
    groups.push(tail);
    format!("₹{}", groups.into_iter().filter(|group| !group.is_empty()).collect::<Vec<_>>().join(","))
}

fn salary(job: &Job) -> String {
    match job.salary_max {
        Some(top) if top > job.salary => format!("{} – {} per month", rupees(job.salary), rupees(top)),
        _ => format!("{} per month", rupees(job.salary)),
    }
}

/// How many new jobs an alert brings, each counted once however many searches it matches.
#[derive(Clone, Copy, Debug)]
pub struct NewJobs {
    pub distinct: usize,
    /// More matched than were read to count them: the count is a lower bound.
    pub at_least: bool,
}

pub fn alert(to: &str, first_name: &str, public_url: &str, sections: &[Section], new_jobs: NewJobs) -> Mail {
    let subject = match (new_jobs.distinct, new_jobs.at_least) {
        (1, false) => "1 new job for your saved searches".to_string(),
        (count, false) => format!("{count} new jobs for your saved searches"),
        (count, true) => format!("{count}+ new jobs for your saved searches"),
    };
    let mut text = format!("Hello {first_name},\n\nNew jobs match your saved searches.\n");
    let mut html = format!("<p>Hello {},</p><p>New jobs match your saved searches.</p>", html_escape(first_name));
    for section in sections {
        text.push_str(&format!("\n{} ({} new)\n", section.name, section.total));
        html.push_str(&format!(
            "<h2 style=\"font-size:18px\"><a href=\"{}\">{}</a> ({} new)</h2><ul>",
            html_escape(&section.link),
            html_escape(&section.name),
            section.total
        ));
        for job in &section.jobs {
            let link = format!("{public_url}/job/{}", job.id);
            text.push_str(&format!("- {} at {}, {} ({}): {link}\n", job.title, job.company, job.location, salary(job)));
            html.push_str(&format!(
                "<li><a href=\"{}\">{}</a> at {}, {} ({})</li>",
                html_escape(&link),
                html_escape(&job.title),
                html_escape(&job.company),
                html_escape(&job.location),
                html_escape(&salary(job))
            ));
        }
        if section.listed_above > 0 {
            text.push_str(&format!("  {} also new in a search above\n", section.listed_above));
            html.push_str(&format!("<li>{} also new in a search above</li>", section.listed_above));
        }
        let more = section.total - (section.jobs.len() + section.listed_above) as i64;
        if more > 0 {
            text.push_str(&format!("  and {more} more: {}\n", section.link));
            html.push_str(&format!("<li><a href=\"{}\">and {more} more</a></li>", html_escape(&section.link)));
        }
        html.push_str("</ul>");
        text.push_str(&format!("  Stop these alerts: {}\n", section.unsubscribe));
        html.push_str(&format!(
            "<p style=\"font-size:13px\"><a href=\"{}\">Stop the alerts for {}</a></p>",
            html_escape(&section.unsubscribe),
            html_escape(&section.name)
        ));
    }
    text.push_str(&format!("\nManage your saved searches: {public_url}/dashboard/saved-searches\n\njobportal\n"));
    html.push_str(&format!(
        "<p><a href=\"{}/dashboard/saved-searches\">Manage your saved searches</a></p>",
        html_escape(public_url)
    ));
    let html = format!(
        "<!doctype html><html lang=\"en\"><body style=\"font-family:sans-serif;color:#1f2937\">{html}<p style=\"color:#4b5563\">jobportal</p></body></html>"
    );
    Mail { to: to.into(), subject, text, html, list_unsubscribe: None, calendar: None, expires_at: None }
}

#[cfg(test)]
mod tests {
    use super::rupees;

    #[test]
    fn rupees_are_grouped_the_indian_way() {
        assert_eq!(rupees(500), "₹500");
        assert_eq!(rupees(85_000), "₹85,000");
        assert_eq!(rupees(240_000), "₹2,40,000");
        assert_eq!(rupees(12_345_678), "₹1,23,45,678");
    }
}
