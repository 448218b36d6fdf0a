package io.github.ccsidbench.db2;

/** The ways Db2 for z/OS can treat an incoming UTF-8 value on INSERT (docs/db2-model.md). */
public enum ServerPath {
    NO_CONVERSION("no conversion"),
    MINOR("minor"),
    MAJOR("major"),
    DIRECT("direct table");

    private final String label;

    ServerPath(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
