import type { IncomingMessage, ServerResponse } from 'node:http';
import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { TOTAL_COUNT_HEADER, type SearchResponse, type TrendingResponse } from '@frenly/contracts';
import { IDENTITY_TOKENS, IdentityTokens } from '@frenly/platform';
import { SEARCH_SETTINGS, type SearchSettings } from '../config/search.settings.js';
import { TrendingService } from '../trending/trending.service.js';
import { DEFAULT_LIMIT, SearchQueryDto } from './dto/search-query.dto.js';
import { SearchService } from './search.service.js';
import { visitorOf } from './visitor-of.js';

@Controller('api/search')
export class SearchController {
  constructor(
    private readonly search: SearchService,
    private readonly trendingService: TrendingService,
    @Inject(SEARCH_SETTINGS) private readonly settings: SearchSettings,
    @Inject(IDENTITY_TOKENS) private readonly tokens: IdentityTokens,
  ) {}

  /** Ranked results for a web query; the total also goes out as X-Total-Count. */
  @Get()
  async find(
    @Query() query: SearchQueryDto,
    @Req() request: IncomingMessage,
    @Res({ passthrough: true }) response: ServerResponse,
  ): Promise<SearchResponse> {
    const result = await this.search.search(
      { q: query.q, page: query.page ?? 1, limit: query.limit ?? DEFAULT_LIMIT },
      visitorOf(request, { ...this.settings, tokens: this.tokens }),
    );
    response.setHeader(TOTAL_COUNT_HEADER, String(result.total));
    return result;
  }

  @Get('trending')
  trending(): Promise<TrendingResponse> {
    return this.trendingService.trending();
  }
}
