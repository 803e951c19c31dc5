//! `jobportal seed-bench --jobs N`: a realistic data set for `make bench`. Recruiters, varied jobs
//! across the categories, written in large batches; deterministic, so runs compare.

use crate::db::{BeginWrite, Db, new_id, now_millis};
use crate::{categories, dispatch};

const SENIORITY: [&str; 8] = ["Junior", "Senior", "Lead", "Principal", "Staff", "Associate", "Head of", "Trainee"];
const ROLES: [&str; 24] = [
    "Engineer",
    "Developer",
    "Analyst",
    "Manager",
    "Designer",
    "Consultant",
    "Accountant",
    "Scientist",
    "Executive",
    "Specialist",
    "Architect",
    "Administrator",
    "Recruiter",
    "Writer",
    "Researcher",
    "Technician",
    "Coordinator",
    "Officer",
    "Advisor",
    "Strategist",
    "Planner",
    "Auditor",
    "Tester",
    "Trainer",
];
const FIELDS: [&str; 30] = [
    "Backend",
    "Frontend",
    "Data",
    "Cloud",
    "Security",
    "Mobile",
    "Embedded",
    "Payments",
    "Marketing",
    "Sales",
    "Support",
    "Finance",
    "Tax",
    "Risk",
    "Supply Chain",
    "Quality",
    "Product",
    "Growth",
    "Platform",
    "Machine Learning",
    "Network",
    "Database",
    "Content",
    "Brand",
    "Operations",
    "Compliance",
    "Hardware",
    "Research",
    "Customer Success",
    "HR",
];
const COMPANY_FIRST: [&str; 20] = [
    "Acme",
    "Globex",
    "Initech",
    "Umbrella",
    "Stark",
    "Wayne",
    "Tyrell",
    "Cyberdyne",
    "Soylent",
    "Hooli",
    "Vandelay",
    "Wonka",
    "Aperture",
    "Massive",
    "Monarch",
    "Oscorp",
    "Gringotts",
    "Nakatomi",
    "Zenith",
    "Pied Piper",
];
const COMPANY_LAST: [&str; 10] = [
    "Labs",
    "Systems",
    "Technologies",
    "Solutions",
    "Industries",
    "Software",
    "Analytics",
    "Networks",
    "Partners",
    "Digital",
];
const LOCATIONS: [&str; 24] = [
    "Bengaluru",
    "Mumbai",
    "Delhi",
    "Hyderabad",
    "Chennai",
    "Pune",
    "Kolkata",
    "Ahmedabad",
    "Jaipur",
    "Surat",
    "Lucknow",
    "Kochi",
    "Indore",
    "Chandigarh",
    "Nagpur",
    "Coimbatore",
    "Noida",
    "Gurugram",
    "Bhubaneswar",
    "Mysuru",
    "Visakhapatnam",
    "Thiruvananthapuram",
    "Remote",
    "Goa",
];
const WORDS: [&str; 40] = [
    "build",
    "scale",
    "customers",
    "team",
    "reliable",
    "services",
    "design",
    "ship",
    "quality",
    "growth",
    "analyse",
    "reports",
    "stakeholders",
    "automation",
    "cloud",
    "security",
    "mentor",
    "roadmap",
    "budget",
    "clients",
    "research",
    "experiments",
    "pipelines",
    "dashboards",
    "compliance",
    "audits",
    "campaigns",
    "content",
    "partners",
    "vendors",
    "planning",
    "testing",
    "deployment",
    "monitoring",
    "hiring",
    "training",
    "strategy",
    "operations",
    "support",
    "innovation",
];
const SKILLS: [&str; 20] = [
    "rust",
    "python",
    "sql",
    "excel",
    "react",
    "java",
    "go",
    "kubernetes",
    "aws",
    "communication",
    "negotiation",
    "tally",
    "figma",
    "seo",
    "statistics",
    "linux",
    "docker",
    "sales",
    "leadership",
    "writing",
];
const TYPES: [&str; 3] = ["Full-time", "Part-time", "Internship"];

/// A small fast generator (xorshift64*): deterministic, and no dependency for test data.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

const BATCH: usize = 400;
const DAY: i64 = 86_400_000;

/// The words of the jobs' descriptions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Vocabulary {
    /// Forty words, each equally likely: every one of them is in about 64% of all jobs, far more
    /// than in real postings (what counting every match pays most for).
    Harsh,
    /// 4,000 words with a Zipf frequency (the word of rank r is drawn in proportion to 1/r), as
    /// in natural text: the forty words above are the commonest (the first is in almost every job,
    /// the tenth in about a third, the fortieth in a tenth), and most words are in a few jobs.
    Zipf,
}

/// Words of the Zipf vocabulary beyond the forty: made of syllables, so they are new words.
const ZIPF_WORDS: usize = 4_000;
const SYLLABLES: [&str; 20] = [
    "ba", "ce", "di", "fo", "gu", "ka", "le", "mi", "no", "pu", "ra", "se", "ti", "vo", "ze", "lan", "mor", "tek",
    "sil", "dra",
];

/// The Zipf vocabulary, commonest first, with the running sum of its weights (1/rank).
fn zipf_vocabulary() -> (Vec<String>, Vec<f64>) {
    let mut words: Vec<String> = WORDS.iter().map(|word| word.to_string()).collect();
    let mut n = 0;
    while words.len() < ZIPF_WORDS {
        let (a, b, c) = (n % 20, (n / 20) % 20, (n / 400) % 20);
        words.push(format!("{}{}{}", SYLLABLES[a], SYLLABLES[b], SYLLABLES[c]));
        n += 1;
    }
    let mut total = 0.0;
    let running = (1..=words.len())
        .map(|rank| {
            total += 1.0 / rank as f64;
            total
        })
        .collect();
    (words, running)
}

/// Writes `recruiters` recruiters and `jobs` jobs with the harsh vocabulary. Returns the time it
/// took, in seconds.
pub async fn seed(db: &Db, recruiters: usize, jobs: usize) -> Result<f64, sqlx::Error> {
    seed_with(db, recruiters, jobs, Vocabulary::Harsh).await
}

/// Writes `recruiters` recruiters and `jobs` jobs whose descriptions use `vocabulary`. Returns
/// the time it took, in seconds. Long on purpose: the data set's one recipe, in the order it is
/// written.
pub async fn seed_with(db: &Db, recruiters: usize, jobs: usize, vocabulary: Vocabulary) -> Result<f64, sqlx::Error> {
    let (zipf, running) = zipf_vocabulary();
    let total_weight = running.last().copied().unwrap_or(1.0);
    let started = std::time::Instant::now();
    let categories: Vec<String> = categories::repo::list(db).await?.into_iter().map(|c| c.id).collect();
    let mut random = Random(0x9e37_79b9_7f4a_7c15);
    let now = now_millis();

    let mut recruiter_ids = Vec::with_capacity(recruiters);
    for chunk in 0..recruiters.div_ceil(BATCH) {
        let count = BATCH.min(recruiters - chunk * BATCH);
        let mut sql = String::from(
            "INSERT INTO users (id, first_name, last_name, email, password_hash, account_type, created_at) VALUES ",
        );
        let mut rows = Vec::new();
        for n in 0..count {
            let id = new_id();
            let index = chunk * BATCH + n;
            rows.push((id.clone(), format!("bench-recruiter-{index}@example.com")));
            recruiter_ids.push(id);
            let base = n * 3;
            sql.push_str(&format!(
                "{}(${}, 'Bench', 'Recruiter', ${}, '!', 'Recruiter', ${})",
                if n > 0 { "," } else { "" },
                base + 1,
                base + 2,
                base + 3
            ));
        }
        dispatch!(db, |pool| {
            let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
            for (id, email) in &rows {
                query = query.bind(id.clone()).bind(email.clone()).bind(now);
            }
            query.execute(pool).await.map(|_| ())
        })?;
    }

    // Each recruiter owns a company of their own, whose id is the recruiter's.
    const COMPANIES: &str = "INSERT INTO companies (id, slug, name, created_at, updated_at) \
         SELECT u.id, replace(replace(u.email, 'bench-recruiter-', 'bench-company-'), '@example.com', ''), \
         'Bench Company', u.created_at, u.created_at FROM users u \
         WHERE u.email LIKE 'bench-recruiter-%' AND NOT EXISTS (SELECT 1 FROM companies co WHERE co.id = u.id)";
    const OWNERS: &str = "INSERT INTO company_members (user_id, company_id, role, joined_at) \
         SELECT u.id, u.id, 'owner', u.created_at FROM users u \
         WHERE u.email LIKE 'bench-recruiter-%' AND NOT EXISTS (SELECT 1 FROM company_members m WHERE m.user_id = u.id)";
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        sqlx::query(COMPANIES).execute(&mut *tx).await?;
        sqlx::query(OWNERS).execute(&mut *tx).await?;
        tx.commit().await
    })?;

    for chunk in 0..jobs.div_ceil(BATCH) {
        let count = BATCH.min(jobs - chunk * BATCH);
        let mut sql = String::from(
            "INSERT INTO jobs (id, user_id, category_id, title, company, description, location, salary, date_of_posting, \
             deadline, max_applicants, max_positions, skillsets, job_type, created_at, company_id) VALUES ",
        );
        let mut values: Vec<(Vec<String>, Vec<i64>)> = Vec::with_capacity(count);
        for n in 0..count {
            let title = format!("{} {} {}", random.pick(&SENIORITY), random.pick(&FIELDS), random.pick(&ROLES));
            let company = format!("{} {}", random.pick(&COMPANY_FIRST), random.pick(&COMPANY_LAST));
            let location = random.pick(&LOCATIONS).to_string();
            let description: Vec<&str> = (0..40)
                .map(|_| match vocabulary {
                    Vocabulary::Harsh => random.pick(&WORDS),
                    Vocabulary::Zipf => {
                        let point = random.next() as f64 / u64::MAX as f64 * total_weight;
                        zipf[running.partition_point(|sum| *sum < point).min(zipf.len() - 1)].as_str()
                    }
                })
                .collect();
            // Each skill once, as a job's form keeps them.
            let mut skills: Vec<&str> = Vec::with_capacity(3);
            for _ in 0..3 {
                let skill = random.pick(&SKILLS);
                if !skills.contains(&skill) {
                    skills.push(skill);
                }
            }
            let posted = now - (random.below(365) as i64) * DAY;
            let deadline = posted + (14 + random.below(90) as i64) * DAY;
            let texts = vec![
                new_id(),
                recruiter_ids[random.below(recruiter_ids.len())].clone(),
                categories[random.below(categories.len())].clone(),
                title,
                company,
                format!("We {}.", description.join(" ")),
                location,
                serde_json::to_string(&skills).expect("strings serialize"),
                random.pick(&TYPES).to_string(),
            ];
            let numbers = vec![
                (8_000 + random.below(300) * 1_000) as i64,
                posted,
                deadline,
                (5 + random.below(200)) as i64,
                (1 + random.below(10)) as i64,
                now - ((jobs - (chunk * BATCH + n)) as i64) * 1000,
            ];
            let base = n * 15;
            let p = |k: usize| format!("${}", base + k);
            sql.push_str(&format!(
                "{}({}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {})",
                if n > 0 { "," } else { "" },
                p(1),
                p(2),
                p(3),
                p(4),
                p(5),
                p(6),
                p(7),
                p(8),
                p(9),
                p(10),
                p(11),
                p(12),
                p(13),
                p(14),
                p(15),
                p(2)
            ));
            values.push((texts, numbers));
        }
        dispatch!(db, |pool| {
            let mut tx = pool.begin_write().await?;
            let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
            for (texts, numbers) in &values {
                query = query
                    .bind(texts[0].clone())
                    .bind(texts[1].clone())
                    .bind(texts[2].clone())
                    .bind(texts[3].clone())
                    .bind(texts[4].clone())
                    .bind(texts[5].clone())
                    .bind(texts[6].clone())
                    .bind(numbers[0])
                    .bind(numbers[1])
                    .bind(numbers[2])
                    .bind(numbers[3])
                    .bind(numbers[4])
                    .bind(texts[7].clone())
                    .bind(texts[8].clone())
                    .bind(numbers[5]);
            }
            query.execute(&mut *tx).await?;
            tx.commit().await
        })?;
        if chunk % 250 == 0 {
            tracing::info!(written = chunk * BATCH + count, of = jobs, "seeding jobs");
        }
    }
    // Statistics for the tables the seed filled, as after any bulk load. On PostgreSQL only those:
    // a table analyzed empty keeps plans made for an empty table (a scan of the whole table) in
    // every connection until autovacuum analyzes it again, while one never analyzed is planned as
    // if it had rows (docs/operations.md#applications-written-together).
    match db {
        Db::Sqlite(pool) => sqlx::query("ANALYZE").execute(pool).await.map(|_| ())?,
        Db::Postgres(pool) => {
            sqlx::query("ANALYZE users, applicant_profiles, categories, companies, company_members, jobs, job_changes")
                .execute(pool)
                .await
                .map(|_| ())?
        }
    }
    Ok(started.elapsed().as_secs_f64())
}

/// Whether the database holds any account at all: `seed-bench` adds accounts with a published
/// password, so it leaves alone a database that has some unless told otherwise.
pub async fn holds_accounts(db: &Db) -> Result<bool, sqlx::Error> {
    const ANY: &str = "SELECT 1 FROM users LIMIT 1";
    dispatch!(db, |pool| sqlx::query(ANY).fetch_optional(pool).await.map(|row| row.is_some()))
}

/// The password of every benchmark account (`bench-recruiter-N@example.com`,
/// `bench-applicant-N@example.com`): a benchmark logs in to post jobs and apply.
pub const BENCH_PASSWORD: &str = "bench password";

/// Lets the seeded recruiters log in with `BENCH_PASSWORD` and adds `applicants` applicants with it.
pub async fn seed_accounts(db: &Db, applicants: usize) -> Result<(), sqlx::Error> {
    let hash = crate::secrets::Hasher::single()
        .hash(std::net::Ipv4Addr::LOCALHOST.into(), BENCH_PASSWORD)
        .await
        .map_err(|_| sqlx::Error::Protocol("the benchmark password could not be hashed".into()))?;
    const RECRUITERS: &str = "UPDATE users SET password_hash = $1 WHERE email LIKE 'bench-recruiter-%'";
    dispatch!(db, |pool| sqlx::query(RECRUITERS).bind(&hash).execute(pool).await.map(|_| ()))?;
    let now = now_millis();
    for chunk in 0..applicants.div_ceil(BATCH) {
        let count = BATCH.min(applicants - chunk * BATCH);
        let rows: Vec<String> = (0..count)
            .map(|n| format!("(${}, 'Bench', 'Applicant', ${}, $1, 'Applicant', $2)", n * 2 + 3, n * 2 + 4))
            .collect();
        let sql = format!(
            "INSERT INTO users (id, first_name, last_name, email, password_hash, account_type, created_at) VALUES {}",
            rows.join(", ")
        );
        dispatch!(db, |pool| {
            let mut query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(&hash).bind(now);
            for n in 0..count {
                query = query.bind(new_id()).bind(format!("bench-applicant-{}@example.com", chunk * BATCH + n));
            }
            query.execute(pool).await.map(|_| ())
        })?;
    }
    // Every applicant has a profile, as signup makes one.
    const PROFILES: &str = "INSERT INTO applicant_profiles (user_id) SELECT id FROM users \
         WHERE email LIKE 'bench-applicant-%' AND id NOT IN (SELECT user_id FROM applicant_profiles)";
    dispatch!(db, |pool| sqlx::query(PROFILES).execute(pool).await.map(|_| ()))?;
    Ok(())
}

/// Gives each seeded applicant a profile with skills and resume words (200 words of the Zipf
/// vocabulary, as a read resume holds them), and writes `applications` applications to the jobs of
/// one company (the first recruiter's), every applicant applying to each of its jobs in turn, with
/// a statement of purpose: the data set of the applicant search's benchmark. Returns how many
/// were written (fewer when the applicants times the company's jobs are fewer).
pub async fn seed_applications(db: &Db, applications: usize) -> Result<usize, sqlx::Error> {
    if applications == 0 {
        return Ok(0);
    }
    let (zipf, running) = zipf_vocabulary();
    let total_weight = running.last().copied().unwrap_or(1.0);
    let mut random = Random(0x51_7cc1_b727_220a);
    let words = |random: &mut Random, count: usize| {
        (0..count)
            .map(|_| {
                let point = random.next() as f64 / u64::MAX as f64 * total_weight;
                zipf[running.partition_point(|sum| *sum < point).min(zipf.len() - 1)].as_str()
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    const JOBS: &str = "SELECT j.id, j.user_id FROM jobs j JOIN users u ON u.id = j.user_id \
         WHERE u.email = 'bench-recruiter-0@example.com' AND j.deleted_at IS NULL ORDER BY j.seq";
    const APPLICANTS: &str = "SELECT id FROM users WHERE email LIKE 'bench-applicant-%' ORDER BY id";
    let jobs: Vec<(String, String)> = dispatch!(db, |pool| sqlx::query_as(JOBS).fetch_all(pool).await)?;
    let applicants: Vec<(String,)> = dispatch!(db, |pool| sqlx::query_as(APPLICANTS).fetch_all(pool).await)?;
    const PROFILE: &str = "UPDATE applicant_profiles SET skills = $1, resume_text = $2, resume_text_state = 'found', \
         resume_key = 'resumes/bench.pdf' WHERE user_id = $3";
    for chunk in applicants.chunks(BATCH) {
        let profiles: Vec<(String, String, String)> = chunk
            .iter()
            .map(|(id,)| {
                let skills =
                    serde_json::to_string(&words(&mut random, 3).split(' ').collect::<Vec<_>>()).unwrap_or_default();
                (skills, words(&mut random, 200), id.clone())
            })
            .collect();
        dispatch!(db, |pool| {
            let mut tx = pool.begin_write().await?;
            for (skills, text, id) in &profiles {
                sqlx::query(PROFILE).bind(skills).bind(text).bind(id).execute(&mut *tx).await?;
            }
            tx.commit().await
        })?;
    }
    let pairs: Vec<(&(String, String), &String)> = applicants
        .iter()
        .flat_map(|(applicant,)| jobs.iter().map(move |job| (job, applicant)))
        .take(applications)
        .collect();
    let now = now_millis();
    for (index, chunk) in pairs.chunks(BATCH).enumerate() {
        let rows: Vec<String> = (0..chunk.len())
            .map(|n| {
                let base = n * 5 + 2;
                format!("(${}, ${}, ${}, ${}, 'applied', ${}, $1)", base, base + 1, base + 2, base + 3, base + 4)
            })
            .collect();
        let sql = format!(
            "INSERT INTO applications (id, job_id, applicant_id, recruiter_id, status, sop, created_at) VALUES {}",
            rows.join(", ")
        );
        let statements: Vec<String> = chunk.iter().map(|_| words(&mut random, 40)).collect();
        dispatch!(db, |pool| {
            let mut query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(now - (index * BATCH) as i64);
            for (((job, recruiter), applicant), sop) in chunk.iter().zip(&statements) {
                query =
                    query.bind(new_id()).bind(job.as_str()).bind(applicant.as_str()).bind(recruiter.as_str()).bind(sop);
            }
            query.execute(pool).await.map(|_| ())
        })?;
    }
    // The jobs count what they hold, and take as many again, so the benchmark's writes are taken.
    const COUNTS: &str = "UPDATE jobs SET applications_count = (SELECT COUNT(*) FROM applications a WHERE a.job_id = jobs.id), \
         max_applicants = 2 * (SELECT COUNT(*) FROM applications a WHERE a.job_id = jobs.id) + 100 \
         WHERE user_id = (SELECT id FROM users WHERE email = 'bench-recruiter-0@example.com')";
    dispatch!(db, |pool| sqlx::query(COUNTS).execute(pool).await.map(|_| ()))?;
    Ok(pairs.len())
}
