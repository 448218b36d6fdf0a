/**
 * ccsid-bench: what it costs the CPU to turn Java Strings into EBCDIC, ASCII or UTF-8 bytes and back, and which
 * storage encoding a Db2 table should use. This root package holds what every layer shares and depends on the JDK
 * alone; the layers above it: docs/architecture.md, "Layers".
 */
package io.github.ccsidbench;
