//! What operators run beside the requests: backups (`backup`), the retention sweep (`retention`),
//! the metrics listener (`metrics`), and the data set of the benchmarks (`bench_data`, built only
//! with the `bench-data` feature).

pub mod backup;
#[cfg(feature = "bench-data")]
pub mod bench_data;
pub mod metrics;
pub mod retention;
