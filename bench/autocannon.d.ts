// Minimal typing of the autocannon 9 API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p99: number;
    total: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    non2xx: number;
    '2xx': number;
    '3xx': number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    method?: 'GET' | 'POST';
    body?: string;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
