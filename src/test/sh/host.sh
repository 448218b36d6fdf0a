#!/usr/bin/env bash
# Sourced by the measuring scripts here: how a figure names the machine it was measured on.

# "AMD EPYC (family 25, model 17), 2 CPUs": /proc/cpuinfo's model name, family and model, and the CPUs this may use.
host_cpu() {
  local name family model
  name=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')
  family=$(grep -m1 'cpu family' /proc/cpuinfo | cut -d: -f2 | tr -d ' ')
  model=$(grep -m1 '^model[[:space:]]*:' /proc/cpuinfo | cut -d: -f2 | tr -d ' ')
  echo "$name (family $family, model $model), $(nproc) CPUs"
}
