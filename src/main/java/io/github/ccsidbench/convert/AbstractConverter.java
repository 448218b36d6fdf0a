package io.github.ccsidbench.convert;

import io.github.ccsidbench.ccsid.Ccsid;

/** Holds what every converter reports about itself, so implementations hold only their conversion. */
public abstract class AbstractConverter implements Converter {

    private final String provider;
    private final Ccsid ccsid;

    protected AbstractConverter(String provider, Ccsid ccsid) {
        this.provider = provider;
        this.ccsid = ccsid;
    }

    @Override
    public final String provider() {
        return provider;
    }

    @Override
    public final Ccsid ccsid() {
        return ccsid;
    }

    @Override
    public String toString() {
        return provider + " converter for " + ccsid.label();
    }
}
