import { describe, expect, it } from 'vitest';
import { GuideXmlResponseSchema } from '../../../../shared/api';
import { guideXmlResponse } from './fixtures';

describe('GuideXmlResponseSchema', () => {
  it('accepts the result with or without a success field', () => {
    expect(GuideXmlResponseSchema.parse(guideXmlResponse)).toEqual(guideXmlResponse);
    expect(GuideXmlResponseSchema.safeParse({ ...guideXmlResponse, success: true }).success).toBe(true);
  });

  it.each(['status', 'message', 'data'] as const)('rejects a result without %s', (field) => {
    const body: Record<string, unknown> = { ...guideXmlResponse };
    delete body[field];
    expect(GuideXmlResponseSchema.safeParse(body).success).toBe(false);
  });

  it('rejects malformed values', () => {
    expect(GuideXmlResponseSchema.safeParse({ ...guideXmlResponse, status: '200' }).success).toBe(false);
    expect(GuideXmlResponseSchema.safeParse({ ...guideXmlResponse, data: null }).success).toBe(false);
    expect(GuideXmlResponseSchema.safeParse({ ...guideXmlResponse, data: '<DespatchAdvice/>' }).success).toBe(false);
    expect(GuideXmlResponseSchema.safeParse({ ...guideXmlResponse, success: 'yes' }).success).toBe(false);
  });
});
