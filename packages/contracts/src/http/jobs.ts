import { z } from "zod";
import {
  INVALID_JOB_TYPE_MESSAGE,
  isJobType,
  JOB_STATUSES,
  SCRIPT_LANGUAGES,
  SCRIPT_OPERATING_SYSTEMS,
} from "@steward/domain";
import { coercedId, id, jsonObject, pageNumber, text } from "../common.js";
import { errorsEn } from "../i18n/shared/en/errors.js";
import { validationEn } from "../i18n/shared/en/validation.js";

/** A job as submitted: the type is checked by the server so that the spec's message can be given. */
export const submittedJob = z.object({
  jobType: text().max(60),
  jobName: text().trim().max(200).optional(),
  content: jsonObject().default({}),
});

/** POST /api/webapp/submit/job */
export const submitJobRequest = z.object({
  nodes: z
    .array(z.object({ nodeId: id(), jobs: z.array(submittedJob).min(1).max(50) }))
    .min(1)
    .max(10_000),
  /**
   * The expiry (epoch ms) of the devices cache the client chose the nodes from: the
   * cacheExpiration answered by POST /api/query/device. A past expiry is refused with
   * E_DEVICES_CACHE_EXPIRED (resultCode DEVICES_CACHE_EXPIRED), which the console does not show.
   */
  cacheExpiration: z.number().int().nonnegative().optional(),
});
export type SubmitJobRequest = z.input<typeof submitJobRequest>;

export const submitJobResponse = z.object({
  resultCode: z.literal("SUCCESS"),
  status: z.literal("SUCCESS"),
  jobs: z.array(z.object({ jobUid: z.string(), nodeId: z.number().int(), jobType: z.string() })),
});
export type SubmitJobResponse = z.infer<typeof submitJobResponse>;

/** A submit made from an expired devices cache fails with this result code, and the console shows no "Error creating/updating jobs" for it. */
export const DEVICES_CACHE_EXPIRED = "DEVICES_CACHE_EXPIRED";
export const DEVICES_CACHE_EXPIRED_CODE = "E_DEVICES_CACHE_EXPIRED" as const;
export const DEVICES_CACHE_EXPIRED_MESSAGE = errorsEn.jobs.devicesCacheExpired;

export const jobView = z.object({
  jobUid: z.string(),
  jobType: z.string(),
  jobStatus: z.enum(JOB_STATUSES),
  jobName: z.string(),
  message: z.string().nullable(),
  data: z.object({
    message: z.object({ code: z.string(), params: z.record(z.string(), z.unknown()) }).nullable(),
  }),
  appUserId: z.number().int().nullable(),
  content: z.record(z.string(), z.unknown()),
  /** The preset parameter set the job was submitted with (library scripts), else null. */
  presetName: z.string().nullable().optional(),
  jobResult: z.enum(["SUCCESS", "FAILURE"]).nullable(),
  resultContent: z.object({
    errorMessage: z.string().nullable(),
    exitCode: z.number().int().nullable().optional(),
    outcome: z.string().nullable().optional(),
  }),
  nodeId: z.number().int(),
  attempt: z.number().int(),
  delivery: z.enum(["QUEUED", "SENT", "STARTED", "FINISHED"]),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type JobView = z.infer<typeof jobView>;

/** GET /api/webapp/job/{jobUid}: the poll of the configuration job wait. */
export const jobResponse = z.object({ resultCode: z.literal("SUCCESS"), job: jobView });

export const jobListQuery = z.object({
  page: pageNumber(),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
  nodeId: coercedId().optional(),
  organizationId: coercedId().optional(),
  jobType: text().max(60).optional(),
  jobStatus: z.enum(JOB_STATUSES).optional(),
  appUserId: coercedId().optional(),
  since: z.iso.datetime({ offset: true }).optional(),
});
export const jobListResponse = z.object({
  resultCode: z.literal("SUCCESS"),
  jobs: z.array(jobView),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const jobOutputResponse = z.object({
  stdout: z.string(),
  stderr: z.string(),
  truncated: z.boolean(),
  exitCode: z.number().int().nullable(),
});

export { INVALID_JOB_TYPE_MESSAGE, isJobType };

/** Content of an ACTION job that runs a script (inline, or resolved from the library by the server). */
export const runScriptJobContent = z.object({
  scriptId: id().optional(),
  /** A built-in template script run as it is (resolved by the server like a library script). */
  templateId: text().trim().min(1).max(100).optional(),
  script: z
    .object({
      name: text().trim().max(200).default("Script"),
      language: z.enum(SCRIPT_LANGUAGES),
      body: text().min(1).max(1_000_000),
      /** The OS the library script is written for (set by the server from the library). */
      os: z.enum(SCRIPT_OPERATING_SYSTEMS).optional(),
    })
    .optional(),
  /** The preset parameter set chosen for a library or template script; kept with the job. */
  presetName: text().trim().min(1).max(100).optional(),
  parameters: z
    .array(
      z.object({
        name: text().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, validationEn.jobs.parameterName),
        value: text().max(10_000),
      }),
    )
    .max(50)
    .default([]),
  timeoutSeconds: z.number().int().min(1).max(86_400).default(600),
  /**
   * One of the run-as choices for the device's OS (GET /api/run-as/choices): "System",
   * "Current Logged on User" (Windows), "Preferred …" (the organization's preferred credential of
   * that type) or "credential:<id>" (a stored credential of the device's organization).
   */
  runAs: text().trim().min(1).max(200).default("System"),
});
export type RunScriptJobContent = z.input<typeof runScriptJobContent>;

/**
 * `data` of the RUN_SCRIPT action of POST /api/search/runner/execute-action (beside the target):
 * one ACTION job per targeted device, checked and queued exactly as POST /api/webapp/submit/job.
 */
export const runScriptActionData = z
  .object({
    /** A library script (checked against each device's OS), or … */
    scriptId: id().optional(),
    /** … a built-in template script, or … */
    templateId: text().trim().min(1).max(100).optional(),
    /** … an inline script. */
    script: z
      .object({
        name: text().trim().max(200).default("Script"),
        language: z.enum(SCRIPT_LANGUAGES),
        body: text().min(1).max(1_000_000),
      })
      .optional(),
    presetName: text().trim().min(1).max(100).optional(),
    parameters: z
      .array(z.object({ name: text().max(64), value: text().max(10_000) }))
      .max(50)
      .default([]),
    runAs: text().trim().min(1).max(200).default("System"),
    timeoutSeconds: z.number().int().min(1).max(86_400).optional(),
    jobName: text().trim().max(200).optional(),
    cacheExpiration: z.number().int().nonnegative().optional(),
  })
  .refine((d) => [d.scriptId, d.templateId, d.script].filter((x) => x !== undefined).length === 1, {
    message: validationEn.jobs.scriptSource,
    path: ["scriptId"],
  });
export type RunScriptActionData = z.input<typeof runScriptActionData>;
