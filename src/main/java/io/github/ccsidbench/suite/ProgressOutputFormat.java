package io.github.ccsidbench.suite;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.format.OutputFormat;

import java.io.IOException;
import java.util.Collection;

/**
 * JMH's own detailed output goes to the run's log file; this wrapper also reports each
 * benchmark's start and score on stderr through {@link Progress}, so a long run is never silent.
 */
final class ProgressOutputFormat implements OutputFormat {

    private final OutputFormat log;
    private final Progress progress;

    ProgressOutputFormat(OutputFormat log, Progress progress) {
        this.log = log;
        this.progress = progress;
    }

    @Override
    public void startBenchmark(BenchmarkParams params) {
        StringBuilder name = new StringBuilder(params.getBenchmark().substring(params.getBenchmark()
                .lastIndexOf('.', params.getBenchmark().lastIndexOf('.') - 1) + 1));
        for (String key : params.getParamsKeys()) {
            name.append(' ').append(key).append('=').append(params.getParam(key));
        }
        progress.start(name.toString());
        log.startBenchmark(params);
    }

    @Override
    public void endBenchmark(BenchmarkResult result) {
        log.endBenchmark(result);
        if (result == null) {
            progress.end("failed");
            return;
        }
        Result<?> primary = result.getPrimaryResult();
        progress.end(String.format("%.1f \u00b1 %.1f %s", primary.getScore(), primary.getScoreError(), primary.getScoreUnit()));
    }

    @Override
    public void iteration(BenchmarkParams benchParams, IterationParams params, int iteration) {
        log.iteration(benchParams, params, iteration);
    }

    @Override
    public void iterationResult(BenchmarkParams benchParams, IterationParams params, int iteration, IterationResult data) {
        log.iterationResult(benchParams, params, iteration, data);
    }

    @Override
    public void startRun() {
        log.startRun();
    }

    @Override
    public void endRun(Collection<RunResult> result) {
        log.endRun(result);
    }

    @Override
    public void print(String s) {
        log.print(s);
    }

    @Override
    public void println(String s) {
        log.println(s);
    }

    @Override
    public void flush() {
        log.flush();
    }

    @Override
    public void close() {
        log.close();
    }

    @Override
    public void verbosePrintln(String s) {
        log.verbosePrintln(s);
    }

    @Override
    public void write(int b) {
        log.write(b);
    }

    @Override
    public void write(byte[] b) throws IOException {
        log.write(b);
    }
}
