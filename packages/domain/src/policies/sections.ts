import { z } from "zod";

/** A section's whole value: its items by key. */
export type SectionValue = Record<string, unknown>;

/** What an area declares to add a section to every agent policy. */
export interface PolicySectionInput<V extends SectionValue> {
  /** The section's key in a policy's items ("agentSettings", "patching"). */
  key: string;
  /**
   * The section's whole value. A z.object schema gives the section fixed items (its fields); any
   * other object schema (a z.record) gives keyed items that technicians add, such as conditions.
   */
  schema: z.ZodType<V>;
  /** The value at the root of every tree: what a policy that overrides nothing gets. */
  defaults: V;
  /**
   * How a dynamic policy's items apply on top of a device's base policy for this section; by
   * default item by item, the dynamic policy's items winning.
   */
  mergeDynamic?: (base: V, overlay: Partial<V>) => V;
}

/** A registered section. */
export interface PolicySection<V extends SectionValue = SectionValue> {
  readonly key: string;
  readonly schema: z.ZodType<V>;
  readonly defaults: V;
  /** Fixed items (the schema's fields), or keyed items added one by one. */
  readonly itemKind: "fixed" | "keyed";
  /** The keys a fixed section's items may have (empty for a keyed section). */
  readonly fixedItems: readonly string[];
  readonly mergeDynamic: (base: V, overlay: Partial<V>) => V;
}

const SECTION_KEY = /^[a-z][A-Za-z0-9]{0,63}$/;

/**
 * The sections every agent policy is made of. The policy core defines its own; other areas
 * (patching, backup, antivirus, remote access) register theirs here and never edit the core.
 */
export class PolicySectionRegistry {
  readonly #sections = new Map<string, PolicySection>();

  /** Registers a section; a key is registered once. */
  define<V extends SectionValue>(input: PolicySectionInput<V>): PolicySection<V> {
    if (!SECTION_KEY.test(input.key))
      throw new Error(`Policy section key "${input.key}" is not a camelCase name`);
    if (this.#sections.has(input.key)) throw new Error(`Policy section "${input.key}" is already registered`);
    const defaults = input.schema.safeParse(input.defaults);
    if (!defaults.success) throw new Error(`Policy section "${input.key}": its defaults break its schema`);
    const fixed = input.schema instanceof z.ZodObject;
    const section: PolicySection<V> = {
      key: input.key,
      schema: input.schema,
      defaults: defaults.data,
      itemKind: fixed ? "fixed" : "keyed",
      fixedItems: fixed ? Object.keys((input.schema as unknown as z.ZodObject).shape) : [],
      mergeDynamic: input.mergeDynamic ?? ((base, overlay) => ({ ...base, ...overlay }) as V),
    };
    this.#sections.set(input.key, section as unknown as PolicySection);
    return section;
  }

  get(key: string): PolicySection | undefined {
    return this.#sections.get(key);
  }

  /** Every section, in the order they were registered. */
  list(): PolicySection[] {
    return [...this.#sections.values()];
  }
}

/** The one registry the server, the console and the agent share. */
export const policySections = new PolicySectionRegistry();

/** Adds a section to every agent policy (see PolicySectionRegistry). */
export function definePolicySection<V extends SectionValue>(input: PolicySectionInput<V>): PolicySection<V> {
  return policySections.define(input);
}
