//! Companies: every recruiter has one (their own from their first call, or adopted at start when
//! they signed up before companies), its owner edits its profile and logo, anyone reads its page,
//! and its jobs carry it and can be searched by it.

use std::io::Cursor;

use serde_json::{Value, json};

use crate::helpers::{PASSWORD, TestApp, error, status_and_json};
use crate::on_both_engines;

on_both_engines!(
    a_new_recruiter_owns_a_company_named_after_them,
    the_owner_edits_the_profile_and_each_wrong_field_is_named,
    a_logo_is_squared_served_for_good_and_replaced,
    a_logo_that_is_no_small_image_is_refused,
    a_company_that_goes_with_its_last_member_takes_its_logo_from_storage,
    jobs_carry_their_company_and_are_found_by_it,
    recruiters_from_before_companies_are_adopted_at_start,
);

fn png(width: u32, height: u32) -> Vec<u8> {
    let image =
        image::RgbImage::from_fn(
            width,
            height,
            |x, _| if x < width / 2 { [200, 0, 0].into() } else { [0, 0, 200].into() },
        );
    let mut bytes = Vec::new();
    image.write_to(&mut Cursor::new(&mut bytes), image::ImageFormat::Png).unwrap();
    bytes
}

async fn upload_logo(app: &TestApp, token: &str, bytes: Vec<u8>) -> (u16, Value) {
    let part = reqwest::multipart::Part::bytes(bytes).file_name("logo.png").mime_str("image/png").unwrap();
    let form = reqwest::multipart::Form::new().part("logo", part);
    let request = app.client.put(app.url("/api/v1/company/logo")).bearer_auth(token).multipart(form);
    status_and_json(request.send().await.unwrap()).await
}

fn company(slug: &str, name: &str) -> Value {
    json!({
        "_id": "", "slug": slug, "name": name, "website": "", "about": "", "sizeBand": null,
        "headquarters": "", "locations": [], "logo": null, "verified": false,
    })
}

/// The company with its `_id` blanked, to compare with `company`.
fn without_id(mut company: Value) -> Value {
    company["_id"] = json!("");
    company
}

async fn a_new_recruiter_owns_a_company_named_after_them(app: &TestApp) {
    let token = app.account("Recruiter", "ada@acme.example").await;
    let (status, body) = app.get_as("/api/v1/company", &token).await;
    assert_eq!(
        (status, body["message"].as_str(), body["role"].as_str()),
        (200, Some("Company fetched successfully"), Some("owner"))
    );
    assert_eq!(without_id(body["company"].clone()), company("ada-lovelace", "Ada Lovelace"));
    let id = body["company"]["_id"].clone();

    // Asked again, it is the same company; a second Ada gets a numbered address.
    let (_, again) = app.get_as("/api/v1/company", &token).await;
    assert_eq!(again["company"]["_id"], id);
    let other = app.account("Recruiter", "ada@globex.example").await;
    let (_, theirs) = app.get_as("/api/v1/company", &other).await;
    assert_eq!(theirs["company"]["slug"], "ada-lovelace-2");

    // Anyone reads it by its slug.
    let (status, public) = app.get("/api/v1/companies/ada-lovelace").await;
    assert_eq!((status, public["company"]["_id"].clone()), (200, id));
    assert_eq!(app.get("/api/v1/companies/no-such-company").await, (404, error("Company not found")));

    // Applicants have no company.
    let applicant = app.account("Applicant", "grace@example.com").await;
    assert_eq!(
        app.get_as("/api/v1/company", &applicant).await,
        (403, error("This is a protected route for Recruiters only"))
    );
}

async fn the_owner_edits_the_profile_and_each_wrong_field_is_named(app: &TestApp) {
    let token = app.account("Recruiter", "owner@acme.example").await;
    let profile = json!({
        "name": " Acme Robotics ", "website": "https://acme.example", "about": "We build robots.\nGood ones.",
        "sizeBand": "51-200", "headquarters": "Pune", "locations": ["Pune", "Remote", "pune"],
    });
    let (status, body) = app.put_as("/api/v1/company", &token, &profile).await;
    assert_eq!((status, body["message"].as_str()), (200, Some("Company updated")), "{body}");
    let expected = json!({
        "_id": "", "slug": "ada-lovelace", "name": "Acme Robotics", "website": "https://acme.example",
        "about": "We build robots.\nGood ones.", "sizeBand": "51-200", "headquarters": "Pune",
        "locations": ["Pune", "Remote"], "logo": null, "verified": false,
    });
    assert_eq!(without_id(body["company"].clone()), expected, "the slug stays when the name changes");
    let (_, public) = app.get("/api/v1/companies/ada-lovelace").await;
    assert_eq!(without_id(public["company"].clone()), expected);

    for (change, message) in [
        (json!({ "name": "" }), "Company name is required"),
        (json!({ "website": "acme.example" }), "Website must be an http or https address"),
        (json!({ "sizeBand": "lots" }), "Size must be one of 1-10, 11-50, 51-200, 201-500, 501-1000, 1001-5000, 5001+"),
        (json!({ "headquarters": "Pune\nIndia" }), "headquarters must be a single line"),
        (json!({ "locations": "Pune" }), ""),
    ] {
        let mut form = profile.clone();
        for (key, value) in change.as_object().unwrap() {
            form[key] = value.clone();
        }
        let (status, body) = app.put_as("/api/v1/company", &token, &form).await;
        assert_eq!(status, 400, "{form}: {body}");
        if !message.is_empty() {
            assert_eq!(body, error(message), "{form}");
        }
    }
    let (_, unchanged) = app.get("/api/v1/companies/ada-lovelace").await;
    assert_eq!(without_id(unchanged["company"].clone()), expected, "a refused change changes nothing");
}

async fn a_logo_is_squared_served_for_good_and_replaced(app: &TestApp) {
    let token = app.account("Recruiter", "logo@acme.example").await;
    let (status, body) = upload_logo(app, &token, png(600, 300)).await;
    assert_eq!((status, body["message"].as_str()), (200, Some("Logo uploaded")), "{body}");
    let first = body["company"]["logo"].as_str().unwrap().to_string();
    assert!(first.starts_with("/api/v1/company-logos/") && first.ends_with(".png"), "{first}");

    let response = app.client.get(app.url(&first)).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "image/png");
    assert_eq!(response.headers()["cache-control"], "public, max-age=31536000, immutable");
    let stored = image::load_from_memory(&response.bytes().await.unwrap()).unwrap();
    assert_eq!((stored.width(), stored.height()), (256, 256));

    // The public page names the same logo; a new upload has a new address and the old one is gone.
    let (_, public) = app.get("/api/v1/companies/ada-lovelace").await;
    assert_eq!(public["company"]["logo"], first.as_str());
    let (_, body) = upload_logo(app, &token, png(100, 100)).await;
    let second = body["company"]["logo"].as_str().unwrap().to_string();
    assert_ne!(second, first);
    assert_eq!(app.get(&first).await, (404, error("Logo not found")));
    assert_eq!(app.client.get(app.url(&second)).send().await.unwrap().status(), 200);

    let (status, body) = app.delete_as("/api/v1/company/logo", &token).await;
    assert_eq!(
        (status, body["message"].as_str(), body["company"]["logo"].clone()),
        (200, Some("Logo removed"), Value::Null)
    );
    assert_eq!(app.get(&second).await, (404, error("Logo not found")));
}

async fn a_logo_that_is_no_small_image_is_refused(app: &TestApp) {
    let token = app.account("Recruiter", "bad-logo@acme.example").await;
    assert_eq!(
        upload_logo(app, &token, b"%PDF-1.7 a resume".to_vec()).await,
        (400, error("The logo must be a PNG, JPEG or WebP image"))
    );
    let mut cut = png(300, 300);
    cut.truncate(80);
    assert_eq!(upload_logo(app, &token, cut).await, (400, error("The logo could not be read as an image")));
    assert_eq!(
        upload_logo(app, &token, png(6001, 2)).await,
        (400, error("The logo must be at most 6000 pixels wide and 6000 pixels high"))
    );
    assert_eq!(upload_logo(app, &token, Vec::new()).await, (400, error("Logo is required")));
    let huge: Vec<u8> = std::iter::repeat_n(7u8, 2 * 1024 * 1024 + 1).collect();
    assert_eq!(upload_logo(app, &token, huge).await, (413, error("The logo must be at most 2 MB")));
    let (_, body) = app.get_as("/api/v1/company", &token).await;
    assert_eq!(body["company"]["logo"], Value::Null, "nothing refused was kept");
}

async fn jobs_carry_their_company_and_are_found_by_it(app: &TestApp) {
    let acme = app.account("Recruiter", "jobs@acme.example").await;
    let globex = app.account("Recruiter", "jobs@globex.example").await;
    let deadline = crate::helpers::day(20);
    let acme_job = app.post_job_as(&acme, "Robot Wrangler", 1, &deadline).await;
    app.post_job_as(&globex, "Globe Spinner", 1, &deadline).await;

    let (_, job) = app.get(&format!("/api/v1/jobs/getJob/{acme_job}")).await;
    assert_eq!(
        (job["data"]["companySlug"].as_str(), job["data"]["companyLogo"].clone()),
        (Some("ada-lovelace"), Value::Null)
    );

    for (company, titles) in
        [("ada-lovelace", vec!["Robot Wrangler"]), ("ada-lovelace-2", vec!["Globe Spinner"]), ("nobody", vec![])]
    {
        let (status, body) = app.get(&format!("/api/v1/jobs/alljobs?company={company}")).await;
        assert_eq!(status, 200);
        let found: Vec<&str> =
            body["data"].as_array().unwrap().iter().map(|job| job["title"].as_str().unwrap()).collect();
        assert_eq!(found, titles, "{company}");
    }

    // A new logo shows on the company's jobs at once.
    let (_, body) = upload_logo(app, &acme, png(64, 64)).await;
    let logo = body["company"]["logo"].clone();
    let (_, job) = app.get(&format!("/api/v1/jobs/getJob/{acme_job}")).await;
    assert_eq!(job["data"]["companyLogo"], logo);
}

async fn recruiters_from_before_companies_are_adopted_at_start(app: &TestApp) {
    // Two recruiters as an older server left them: no company, one with a company in their profile.
    let globex = app.recruiter_without_company().await;
    let rita = app.recruiter_without_company().await;
    app.set_profile_company(&globex, "Globex").await;
    let category = app.category_id("Engineering").await;
    let job = app.job(&globex, &category, "Old Job").await;
    assert_eq!(job.company_slug, None);

    let restarted = app.beside().await;
    let (_, found) = restarted.get(&format!("/api/v1/jobs/getJob/{}", job.id)).await;
    assert_eq!(found["data"]["companySlug"], "globex", "the job moved into its recruiter's company");
    let (status, body) = restarted.get("/api/v1/companies/globex").await;
    assert_eq!((status, body["company"]["name"].as_str()), (200, Some("Globex")));
    assert_eq!(restarted.company_of(&rita).await.as_deref(), Some("Rita Recruiter"));
    assert_eq!(jobportal::membership::repo::adopt_recruiters(&app.db).await.unwrap(), 0, "nobody is adopted twice");
    restarted.stop().await;
}

async fn a_company_that_goes_with_its_last_member_takes_its_logo_from_storage(app: &TestApp) {
    let token = app.account("Recruiter", "alone@acme.example").await;
    let (status, body) = upload_logo(app, &token, png(64, 64)).await;
    assert_eq!(status, 200, "{body}");
    let logo = body["company"]["logo"].as_str().unwrap().to_string();
    assert_eq!(app.client.get(app.url(&logo)).send().await.unwrap().status(), 200);
    let logos = app.config.data_dir.join("resumes").join("logos");
    let stored = || {
        let companies =
            std::fs::read_dir(&logos).map(|dirs| dirs.filter_map(Result::ok).collect::<Vec<_>>()).unwrap_or_default();
        companies.iter().map(|dir| std::fs::read_dir(dir.path()).map_or(0, |files| files.count())).sum::<usize>()
    };
    assert_eq!(stored(), 1);

    let (status, _) = app.post_as("/api/v1/auth/account/delete", &token, &json!({ "password": PASSWORD })).await;
    assert_eq!(status, 200);
    assert_eq!(app.get(&logo).await, (404, error("Logo not found")), "its address answers no more");
    assert_eq!(stored(), 0, "nor is the file kept");
}
