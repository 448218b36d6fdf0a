package io.github.ccsidbench.bench;

import java.util.stream.LongStream;
import io.github.ccsidbench.data.DataSample;
import io.github.ccsidbench.data.DataShape;
import io.github.ccsidbench.db2.ColumnType;
import io.github.ccsidbench.db2.InsertTally;
import io.github.ccsidbench.db2.RowConversion;
import io.github.ccsidbench.db2.RowFlavour;
import io.github.ccsidbench.db2.RowGenerator;
import io.github.ccsidbench.db2.RowShape;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The article's Db2 paths per row (client encoding, server INSERT, both, client SELECT), every step proven on every
 * prepared row first (docs/db2-model.md, "The model, step by step").
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread) // no fields of its own: JMH runs the machine ruler's per-iteration hooks through it
public class Db2PathBenchmark extends MachineRulerHooks {

    /** Rows handled per invocation; JMH divides by it, so scores are per row. */
    public static final int ROWS_PER_BATCH = 64;
    /** Distinct prepared rows, visited a batch at a time. */
    public static final int ROWS = 1024;

    /** The rows an application inserts: shape and flavour (defaults: the article's). */
    @State(Scope.Thread)
    public static class Rows {
        @Param({RowShape.ARTICLE})
        public String shape;

        @Param({"ascii", "accented"})
        public String rows;

        RowShape rowShape;
        String[][] values;
        /** For messages: each row's number (its index among the generated rows, or its row in the user's file). */
        long[] numbers;
        int batches;
        int next;

        @Setup(Level.Trial)
        public void setUp() {
            if (DataShape.NAME.equals(shape)) {
                // A user's own rows (run --data): every column a VARCHAR as wide as Db2 allows (unpadded, so no cost)
                DataSample sample = DataSample.forkSample();
                rowShape = DataShape.widest(sample);
                values = DataSample.batchRows(sample, ROWS_PER_BATCH);
                numbers = DataSample.batchRowNumbers(sample, ROWS_PER_BATCH);
            } else {
                rowShape = RowShape.named(shape);
                List<String[]> generated = RowGenerator.rows(rowShape, RowFlavour.byId(rows), ROWS);
                values = generated.toArray(String[][]::new);
                numbers = LongStream.range(0, values.length).toArray();
            }
            batches = values.length / ROWS_PER_BATCH;
        }

        /** The first row of the next batch. */
        int nextBatch() {
            int b = next;
            next = b + 1 == batches ? 0 : b + 1;
            return b * ROWS_PER_BATCH;
        }
    }

    /** One column type's conversions, proven right on every prepared row before measuring. */
    @State(Scope.Thread)
    public static class Column {
        @Param({"37", "367", "1208", "367-direct"}) // and a mixed shop's host CCSIDs (RowFlavour#columns)
        public String column;

        RowConversion conversion;
        byte[][][] sent;
        byte[][][] stored;
        /** Updated by the INSERT loops: the server's path and substitution counts are modelled work the JIT cannot drop. */
        InsertTally tally;

        @Setup(Level.Trial)
        public void setUp(Rows rows) {
            conversion = new RowConversion(rows.rowShape, ColumnType.byId(column));
            try {
                conversion.verify(List.of(rows.values), rows.numbers);
            } catch (IllegalStateException e) {
                throw new BenchmarkSetupException("Db2 path, shape " + rows.shape + ", rows " + rows.rows + ": " + e.getMessage());
            }
            int n = rows.values.length;
            sent = new byte[n][][];
            stored = new byte[n][][];
            tally = new InsertTally();
            for (int r = 0; r < n; r++) {
                sent[r] = RowConversion.clientEncode(rows.values[r]);
                stored[r] = conversion.serverInsert(sent[r], tally);
            }
        }
    }

    /** Client, INSERT: the driver encodes every value as UTF-8 (independent of the column type). */
    @Benchmark
    @OperationsPerInvocation(ROWS_PER_BATCH)
    public void insertClient(Rows rows, Blackhole bh) {
        int first = rows.nextBatch();
        for (int r = first; r < first + ROWS_PER_BATCH; r++) {
            bh.consume(RowConversion.clientEncode(rows.values[r]));
        }
    }

    /** Server, INSERT: conversion of the UTF-8 values into the column's CCSID. */
    @Benchmark
    @OperationsPerInvocation(ROWS_PER_BATCH)
    public void insertServer(Rows rows, Column column, Blackhole bh) {
        int first = rows.nextBatch();
        for (int r = first; r < first + ROWS_PER_BATCH; r++) {
            bh.consume(column.conversion.serverInsert(column.sent[r], column.tally));
        }
    }

    /** INSERT, client and server together. */
    @Benchmark
    @OperationsPerInvocation(ROWS_PER_BATCH)
    public void insert(Rows rows, Column column, Blackhole bh) {
        int first = rows.nextBatch();
        for (int r = first; r < first + ROWS_PER_BATCH; r++) {
            bh.consume(column.conversion.serverInsert(RowConversion.clientEncode(rows.values[r]), column.tally));
        }
    }

    /** Client, SELECT: decoding the column's bytes with the JDK (the server converts nothing). */
    @Benchmark
    @OperationsPerInvocation(ROWS_PER_BATCH)
    public void selectClient(Rows rows, Column column, Blackhole bh) {
        int first = rows.nextBatch();
        for (int r = first; r < first + ROWS_PER_BATCH; r++) {
            bh.consume(column.conversion.clientDecode(column.stored[r]));
        }
    }
}
