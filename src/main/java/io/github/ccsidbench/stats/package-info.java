/**
 * Every statistical routine of the project, in one place, each naming its source (the classes: docs/architecture.md).
 * The bottom layer, using no other package of the project; {@code Stats} uses the JDK only, since it runs inside the
 * measured JVM, and the other classes may use Apache Commons Statistics and Numbers.
 */
package io.github.ccsidbench.stats;
